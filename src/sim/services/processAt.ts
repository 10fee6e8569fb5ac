/** The process a service's agenda item names by index (an unknown index is a bug, said loudly). */
export function processAt<P>(sim: { readonly processes: readonly P[] }, index: number): P {
  const process = sim.processes[index];
  if (!process) throw new Error(`lock service item for unknown replica ${index}`);
  return process;
}
