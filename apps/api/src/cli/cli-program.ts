import { Injectable } from '@nestjs/common';
import { InjectCommander } from 'nest-commander';

/**
 * What the CLI sets on commander's commands (typed here: nest-commander bundles its own
 * commander, which is not the one the repository's other tools resolve).
 */
export interface Program {
  commands: readonly Program[];
  name(): string;
  name(name: string): Program;
  addHelpText(position: 'after', text: string): Program;
  configureOutput(output: {
    writeOut(text: string): void;
    writeErr(text: string): void;
    outputError(text: string, write: (text: string) => void): void;
  }): Program;
  exitOverride(): Program;
  showHelpAfterError(): Program;
}

/** The root program nest-commander builds the commands on, through its public injector. */
@Injectable()
export class CliProgram {
  constructor(@InjectCommander() readonly root: Program) {}
}
