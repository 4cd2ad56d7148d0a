import 'reflect-metadata';
import { databaseUrlOf, validateEnvironment } from './environment';

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/reelscout' };

describe('LLM_TRANSCRIPTION_MODEL', () => {
  it.each([
    'gpt-4o-transcribe',
    'gpt-4o-mini-transcribe',
    'gpt-4o-mini-transcribe-2025-12-15',
    'gpt-4o-transcribe-diarize',
  ])('refuses %s at start-up, naming the setting and the models that work', (model) => {
    expect(() => validateEnvironment({ ...base, LLM_TRANSCRIPTION_MODEL: model })).toThrow(
      new RegExp(
        `Invalid configuration:\\n  - LLM_TRANSCRIPTION_MODEL: LLM_TRANSCRIPTION_MODEL=${model} ` +
          'cannot be used: .*verbose_json.*Use whisper-1',
      ),
    );
  });

  it.each(['whisper-1', 'Systran/faster-whisper-large-v3', 'whisper-large-v3'])(
    'accepts %s (whisper-1, or a name a compatible server may use)',
    (model) => {
      expect(validateEnvironment({ ...base, LLM_TRANSCRIPTION_MODEL: model })).toMatchObject({
        LLM_TRANSCRIPTION_MODEL: model,
      });
    },
  );

  it('defaults to whisper-1', () => {
    expect(validateEnvironment(base).LLM_TRANSCRIPTION_MODEL).toBe('whisper-1');
  });
});

describe('OUTBOUND_ALLOW_PRIVATE_HOSTS', () => {
  const base = { DATABASE_URL: 'postgres://localhost/reelscout' };

  it('is empty by default: the egress guard allows public addresses only', () => {
    expect(validateEnvironment(base).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe('');
  });

  it('takes host names, addresses and CIDR ranges', () => {
    const value = ' media.internal, 127.0.0.1,10.0.0.0/8 , fd00::/8 ';
    expect(
      validateEnvironment({ ...base, OUTBOUND_ALLOW_PRIVATE_HOSTS: value })
        .OUTBOUND_ALLOW_PRIVATE_HOSTS,
    ).toBe(value.trim());
  });

  it.each(['10.0.0.0/40', 'http://media.internal', 'media internal', '*.internal'])(
    'refuses %j at start-up, naming the entry',
    (value) => {
      expect(() => validateEnvironment({ ...base, OUTBOUND_ALLOW_PRIVATE_HOSTS: value })).toThrow(
        new RegExp(`"${value.replace(/[.*/]/g, '\\$&')}" is neither`),
      );
    },
  );
});

describe('API_HOST', () => {
  it('binds 127.0.0.1 by default, and when blank', () => {
    expect(validateEnvironment(base).API_HOST).toBe('127.0.0.1');
    expect(validateEnvironment({ ...base, API_HOST: ' ' }).API_HOST).toBe('127.0.0.1');
  });

  it('takes the address a container binds', () => {
    expect(validateEnvironment({ ...base, API_HOST: '0.0.0.0' }).API_HOST).toBe('0.0.0.0');
  });
});

describe('DATABASE_URL', () => {
  it('is required unless the caller says it touches no database', () => {
    expect(() => validateEnvironment({})).toThrow(/DATABASE_URL: not set/);
    const env = validateEnvironment({}, { requireDatabase: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(() => databaseUrlOf(env)).toThrow(
      /^Invalid configuration:\n {2}- DATABASE_URL: not set/,
    );
    expect(databaseUrlOf(validateEnvironment(base))).toBe(base.DATABASE_URL);
  });
});
