/**
 * The ZooKeeper nights the replays run. No preset locks with ZooKeeper, so each night is a
 * consensus preset (the etcd ones, S15 and its variants) with its lock switched to the
 * `zookeeper` kind, everything else as it is: the same replicas, pauses and session TTL, the
 * recipe the simulator models for ZooKeeper (Curator's lock: sequence numbers counted over
 * creates, the session as configured, no lease to grant).
 */
import { loadScenarioValue } from '../../src/model/loadScenario';
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import { PRESETS } from '../../src/presets/catalogue';
import { simulate } from '../../src/sim/simulate';
import type { Trace } from '../../src/sim/trace';

export interface ZookeeperNight {
  readonly id: string;
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
}

/** Every etcd preset as a ZooKeeper night, simulated. */
export function zookeeperNights(): ZookeeperNight[] {
  return PRESETS.flatMap((preset) => {
    const document = structuredClone(preset.document) as { lock?: { kind?: string } };
    if (document.lock?.kind !== 'etcd') return [];
    document.lock.kind = 'zookeeper';
    const loaded = loadScenarioValue(document, `${preset.id}-zookeeper.json`);
    if (!loaded.ok) throw new Error(`${preset.id} as a ZooKeeper night does not load: ${JSON.stringify(loaded)}`);
    return [{ id: `${preset.id} (ZooKeeper)`, scenario: loaded.scenario, trace: simulate(loaded.scenario) }];
  });
}
