import { Injectable, type Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModuleRef } from '@nestjs/core';
import type { Mode } from '@reelscout/domain';
import type { Environment } from '../config/environment';
import type { OperationContract } from '../operation-runner/operation.contract';
import type { RunnableOperation } from './runnable-operation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyContract = OperationContract<any, any, any>;

/**
 * The operations a job can run, by name: each operation's module registers its contract, so a
 * worker can run a job it did not receive over HTTP (an async call, a recovered job).
 */
@Injectable()
export class OperationRegistry {
  private readonly contracts = new Map<string, AnyContract>();
  /** Operations' services, by class: looked up across modules once, then kept. */
  private readonly services = new Map<Type<unknown>, unknown>();

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  register(contract: AnyContract): void {
    this.contracts.set(contract.operation, contract);
  }

  has(operation: string): boolean {
    return this.contracts.has(operation);
  }

  /** The live providers an operation cannot do without (undefined for an unknown one). */
  requires(operation: string): AnyContract['requires'] | undefined {
    return this.contracts.get(operation)?.requires;
  }

  /** The contract with this body, ready to run (checks not included: see `check`). */
  runnable<Body, Result, Service>(
    contract: OperationContract<Body, Result, Service>,
    mode: Mode,
    body: Body,
  ): RunnableOperation<Result> {
    const service = this.serviceOf(contract.service);
    return {
      operation: contract.operation,
      holdMicros: contract.hold(body),
      deadlineMs: this.config.get(contract.deadline, { infer: true }),
      requires: contract.requires,
      work: async (signal, deadline) => {
        const result = await contract.work(service, { mode, body, signal, deadline });
        return {
          body: result,
          chargeMicros: contract.charge(result, body),
          market: contract.market?.(result),
        };
      },
    };
  }

  /** A stored job's operation, ready to run; null when no module registered it. */
  runnableByName(operation: string, mode: Mode, body: unknown): RunnableOperation | null {
    const contract = this.contracts.get(operation);
    return contract ? this.runnable(contract, mode, body) : null;
  }

  private serviceOf<Service>(type: Type<Service>): Service {
    if (!this.services.has(type)) {
      this.services.set(type, this.moduleRef.get(type, { strict: false }));
    }
    return this.services.get(type) as Service;
  }
}
