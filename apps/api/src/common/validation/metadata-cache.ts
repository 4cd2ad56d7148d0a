import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<Storage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<Storage['groupByPropertyName']>;

const INSTALLED = Symbol.for('reelscout.validationMetadataCache');

/**
 * Caches class-validator's answer to "which rules does this class have?".
 *
 * class-validator (0.14) works it out again on every `validate()` of every object:
 * `getTargetValidationMetadatas` walks every decorated class in the process (a
 * `prototype instanceof` test on each, for inherited rules) and filters and copies the lot,
 * then `groupByPropertyName` regroups it. With this API's hundreds of DTO classes that was the
 * largest item of a paid call's validation in a CPU profile. The answer depends only on the
 * arguments and on the rules registered so far, and rules are registered when classes are
 * defined: the answers are kept per argument set, frozen (no caller may change a shared answer),
 * and all dropped whenever a rule, a constraint or a schema is added. Idempotent.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;

  let byTarget = new Map<unknown, Map<string, TargetMetadatas>>();
  let grouped = new WeakMap<TargetMetadatas, Grouped>();
  const forget = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };

  const find = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? '\u0002'}`;
    let answers = byTarget.get(target);
    if (!answers) byTarget.set(target, (answers = new Map()));
    let answer = answers.get(key);
    if (!answer) {
      answer = Object.freeze(find(target, schema, always, strictGroups, groups)) as TargetMetadatas;
      answers.set(key, answer);
    }
    return answer;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadatas) => {
    let answer = grouped.get(metadatas);
    if (!answer) {
      const fresh = group(metadatas);
      for (const name of Object.keys(fresh)) Object.freeze(fresh[name]);
      answer = Object.freeze(fresh);
      if (Object.isFrozen(metadatas)) grouped.set(metadatas, answer);
    }
    return answer;
  };

  for (const method of ['addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = storage[method].bind(storage) as (metadata: never) => void;
    (storage[method] as (metadata: never) => void) = (metadata) => {
      add(metadata);
      forget();
    };
  }
}
