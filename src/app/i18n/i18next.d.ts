// Typed translation keys: a misspelt key in `t('...')` is a type error, not a blank label.
import 'i18next';
import type { defaultNS, resources } from './index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: (typeof resources)['en'];
  }
}
