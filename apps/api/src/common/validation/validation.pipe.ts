import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { DomainError } from '@reelscout/domain';

interface FirstProblem {
  path: string;
  message: string;
}

function joinPath(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/** Depth-first: the first field (in declaration order) that failed, with its dotted path. */
export function firstProblem(errors: ValidationError[], parent = ''): FirstProblem | undefined {
  for (const error of errors) {
    const path = joinPath(parent, error.property);
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) {
      const unknown = error.constraints?.whitelistValidation !== undefined;
      return {
        path,
        message: unknown ? `Unknown field \`${path}\`.` : describe(path, messages[0]),
      };
    }
    const nested = firstProblem(error.children ?? [], path);
    if (nested) return nested;
  }
  return undefined;
}

/** class-validator says "limit must not be greater than 20"; we say it with the full path. */
function describe(path: string, message: string): string {
  const sentence = message.replace(/^\S+/, `\`${path}\``);
  return sentence.endsWith('.') ? sentence : `${sentence}.`;
}

/**
 * The global pipe: transform, whitelist and forbid unknown fields; failures → 400 invalid_request.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const problem = firstProblem(errors);
      return new DomainError('invalid_request', problem?.message ?? 'The request is invalid.', {
        param: problem?.path,
      });
    },
  });
}
