import 'reflect-metadata';
import { validateEnvironment } from './environment';

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
