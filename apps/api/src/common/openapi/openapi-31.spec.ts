import { closeComponentSchemas, toOpenApi31Schemas } from './openapi-31';

describe('toOpenApi31Schemas', () => {
  it('turns a nullable typed schema into a type list with null', () => {
    expect(
      toOpenApi31Schemas({ type: 'string', format: 'date-time', nullable: true, description: 'd' }),
    ).toEqual({ type: ['string', 'null'], format: 'date-time', description: 'd' });
    expect(toOpenApi31Schemas({ type: 'integer', nullable: true })).toEqual({
      type: ['integer', 'null'],
    });
  });

  it('adds null to the enum of a nullable enum', () => {
    expect(toOpenApi31Schemas({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
  });

  it('keeps an object with additionalProperties and a type already listing null', () => {
    expect(
      toOpenApi31Schemas({ type: 'object', additionalProperties: true, nullable: true }),
    ).toEqual({ type: ['object', 'null'], additionalProperties: true });
    expect(toOpenApi31Schemas({ type: ['string', 'null'], nullable: true })).toEqual({
      type: ['string', 'null'],
    });
  });

  it("turns Nest's nullable allOf of one $ref into anyOf [$ref, null], annotations beside", () => {
    expect(
      toOpenApi31Schemas({
        nullable: true,
        description: 'null when degraded',
        type: 'object',
        allOf: [{ $ref: '#/components/schemas/X' }],
      }),
    ).toEqual({
      description: 'null when degraded',
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
  });

  it('turns a nullable $ref or oneOf into anyOf with null', () => {
    expect(toOpenApi31Schemas({ $ref: '#/components/schemas/X', nullable: true })).toEqual({
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
    expect(
      toOpenApi31Schemas({ oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true }),
    ).toEqual({
      anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }],
    });
    expect(
      toOpenApi31Schemas({
        allOf: [{ $ref: '#/components/schemas/X' }, { $ref: '#/components/schemas/Y' }],
        nullable: true,
      }),
    ).toEqual({
      anyOf: [
        { allOf: [{ $ref: '#/components/schemas/X' }, { $ref: '#/components/schemas/Y' }] },
        { type: 'null' },
      ],
    });
  });

  it('drops nullable: false and leaves schemas without nullable alone', () => {
    expect(toOpenApi31Schemas({ type: 'string', nullable: false })).toEqual({ type: 'string' });
    expect(toOpenApi31Schemas({ type: 'string', minLength: 1 })).toEqual({
      type: 'string',
      minLength: 1,
    });
  });

  it('converts nested schemas anywhere in the document', () => {
    const doc = {
      openapi: '3.1.0',
      components: {
        schemas: {
          A: {
            type: 'object',
            properties: {
              at: { type: 'string', nullable: true },
              list: { type: 'array', items: { type: 'number', nullable: true } },
            },
          },
        },
      },
      paths: {
        '/x': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string', nullable: true } }],
          },
        },
      },
    };
    expect(toOpenApi31Schemas(doc)).toEqual({
      openapi: '3.1.0',
      components: {
        schemas: {
          A: {
            type: 'object',
            properties: {
              at: { type: ['string', 'null'] },
              list: { type: 'array', items: { type: ['number', 'null'] } },
            },
          },
        },
      },
      paths: {
        '/x': {
          get: { parameters: [{ name: 'q', in: 'query', schema: { type: ['string', 'null'] } }] },
        },
      },
    });
  });

  it('leaves data alone: examples, defaults, enums and a property named nullable', () => {
    const schema = {
      type: 'object',
      properties: { nullable: { type: 'boolean' } },
      example: { nullable: true, type: 'string' },
      default: { nullable: true },
    };
    expect(toOpenApi31Schemas(schema)).toEqual(schema);
  });

  it('does not modify its input', () => {
    const input = { a: { type: 'string', nullable: true } };
    const copy = structuredClone(input);
    toOpenApi31Schemas(input);
    expect(input).toEqual(copy);
  });
});

describe('closeComponentSchemas', () => {
  it('closes component schemas with properties, unless they say otherwise', () => {
    const doc = {
      components: {
        schemas: {
          A: { type: 'object', properties: { a: { type: 'string' } } },
          B: { type: 'object', properties: {}, additionalProperties: true },
          C: { type: 'string' },
        },
      },
    };
    expect(closeComponentSchemas(doc).components.schemas).toEqual({
      A: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      B: { type: 'object', properties: {}, additionalProperties: true },
      C: { type: 'string' },
    });
    expect(doc.components.schemas.A).not.toHaveProperty('additionalProperties');
  });

  it('leaves a document without components as it is', () => {
    const doc = { openapi: '3.1.0' };
    expect(closeComponentSchemas(doc)).toBe(doc);
  });
});
