import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import {
  getMetadataStorage,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
  validate,
  type ValidationError,
} from 'class-validator';
import { cacheValidationMetadata } from './metadata-cache';

class Item {
  @IsString()
  @MaxLength(5)
  name!: string;
}

class Base {
  @IsString()
  id!: string;

  @IsOptional()
  @IsInt({ groups: ['admin'] })
  level?: number;
}

class Child extends Base {
  @IsInt()
  @Min(1)
  count!: number;

  @ValidateNested({ each: true })
  @Type(() => Item)
  items!: Item[];
}

const OPTIONS = { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true };

/** The errors as plain data: property paths and failed constraints, nested included. */
function shape(errors: ValidationError[]): unknown {
  return errors.map((e) => ({
    property: e.property,
    constraints: Object.keys(e.constraints ?? {}).sort(),
    children: shape(e.children ?? []),
  }));
}

const BODIES: unknown[] = [
  { id: 'a', count: 2, items: [{ name: 'ok' }] },
  { id: 7, count: 0, items: [{ name: 'far too long' }, {}] },
  { id: 'a', count: 1, items: [], extra: true },
  { id: 'a', count: 1, items: [], level: 'x' },
];

async function run(groups?: string[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const body of BODIES) {
    results.push(shape(await validate(plainToInstance(Child, body), { ...OPTIONS, groups })));
  }
  return results;
}

describe('cacheValidationMetadata', () => {
  it('gives the same errors as without it, finding each class’s rules once', async () => {
    const storage = getMetadataStorage();
    const uncached = [await run(), await run(['admin'])];
    // Counts the lookups the cache lets through (kept in place: the cache wraps it).
    const find = jest.spyOn(storage, 'getTargetValidationMetadatas');
    cacheValidationMetadata(storage);
    cacheValidationMetadata(storage); // idempotent: one layer
    const first = [await run(), await run(['admin'])];
    const lookups = find.mock.calls.length;
    const again = [await run(), await run(['admin'])];
    expect([...first, ...again]).toEqual([...uncached, ...uncached]);
    // Each class and options set looked up once: none more on the second round.
    expect(lookups).toBeGreaterThanOrEqual(2);
    expect(find).toHaveBeenCalledTimes(lookups);
    // A shared answer cannot be changed by a caller.
    const answer = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).toBe(answer);
    expect(Object.isFrozen(answer)).toBe(true);
  });

  it('forgets its answers when a rule is added later', async () => {
    cacheValidationMetadata();
    class Late {
      @IsString()
      name!: string;
    }
    const late = plainToInstance(Late, { name: 'a string far longer than ten' });
    expect(await validate(late)).toEqual([]);
    // A rule registered after the first validation (a class decorated later, or a schema).
    MaxLength(10)(Late.prototype, 'name');
    expect(shape(await validate(late))).toEqual([
      { property: 'name', constraints: ['maxLength'], children: [] },
    ]);
  });
});
