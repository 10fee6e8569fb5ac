/**
 * The app's two stores, created once per page (main.tsx) and handed down by context, so
 * tests can mount the page with stores of their own.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { DocumentStore } from './documentStore';
import type { UiStore } from './uiStore';

export interface Stores {
  readonly documents: DocumentStore;
  readonly ui: UiStore;
}

const StoresContext = createContext<Stores | null>(null);

export function StoresProvider({ stores, children }: { readonly stores: Stores; readonly children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useStores(): Stores {
  const stores = useContext(StoresContext);
  if (stores === null) throw new Error('useStores outside <StoresProvider>');
  return stores;
}
