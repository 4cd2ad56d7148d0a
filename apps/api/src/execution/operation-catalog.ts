import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { OPERATIONS, type Mode, type Operation } from '@reelscout/domain';
import { jobsConfig } from '../config';
import type {
  AnyContract,
  OperationContract,
  QueueClass,
  RunnableOperation,
} from './operation.contract';

interface Bound {
  contract: AnyContract;
  service: unknown;
}

/**
 * The operations this process can run, each with its service: every operation's module
 * registers its contract with the service Nest injected into it, so a worker runs a job it did
 * not receive over HTTP (an async call, a recovered job) exactly as the route would have.
 */
@Injectable()
export class OperationCatalog implements OnApplicationBootstrap {
  private readonly bound = new Map<string, Bound>();
  private readonly variants = new Map<string, Bound[]>();

  constructor(@Inject(jobsConfig.KEY) private readonly config: ConfigType<typeof jobsConfig>) {}

  register<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    service: Service,
  ): void {
    if (contract.variant) {
      const list = this.variants.get(contract.operation) ?? [];
      this.variants.set(contract.operation, [...list, { contract, service }]);
      return;
    }
    this.bound.set(contract.operation, { contract, service });
  }

  /** Every operation of the product has its contract here once the application is built. */
  onApplicationBootstrap(): void {
    const missing = OPERATIONS.filter((operation) => !this.bound.has(operation));
    if (missing.length > 0 && this.bound.size > 0) {
      throw new Error(`no contract registered for: ${missing.join(', ')}`);
    }
  }

  has(operation: string): operation is Operation {
    return this.bound.has(operation);
  }

  /** The contract of a registered operation (throws for one that is not). */
  contract(operation: string): AnyContract {
    return this.entry(operation).contract;
  }

  /** The queue a job of `operation` runs on. */
  queueOf(operation: string): QueueClass {
    return this.contract(operation).queue;
  }

  /** The operations whose jobs run on `queue` (the worker's fair claim takes only those). */
  operationsOn(queue: QueueClass): string[] {
    return [...this.bound.values()]
      .filter((entry) => entry.contract.queue === queue)
      .map((entry) => entry.contract.operation);
  }

  /** The contract that runs a job of `operation` with this stored body (a variant's, if one matches). */
  contractFor(operation: string, body: unknown): AnyContract {
    return this.entryFor(operation, body).contract;
  }

  /** The operation with this body, ready to run (its checks are the caller's: see `contract`). */
  runnable(operation: string, mode: Mode, body: unknown): RunnableOperation {
    const { contract, service } = this.entryFor(operation, body);
    return {
      operation: contract.operation,
      holdMicros: contract.hold(body),
      deadlineMs: this.config.deadlinesMs[contract.deadline],
      requires: contract.requires,
      work: async (signal, deadline) => {
        const result: unknown = await contract.work(service, { mode, body, signal, deadline });
        return {
          body: result,
          chargeMicros: contract.charge(result, body),
          market: contract.market?.(result) ?? null,
        };
      },
    };
  }

  private entryFor(operation: string, body: unknown): Bound {
    const variant = this.variants.get(operation)?.find((v) => v.contract.variant!.matches(body));
    return variant ?? this.entry(operation);
  }

  private entry(operation: string): Bound {
    const entry = this.bound.get(operation);
    if (!entry) throw new Error(`no operation "${operation}" is registered`);
    return entry;
  }
}
