import { Controller, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ApiOkResponse, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { PLAYBOOK_DOCUMENT_SCHEMA } from '../playbook.document';
import { PlaybookResponseDto } from './playbook.dto';

type Schema = Record<string, unknown>;

/**
 * What a field is, without its documentation: an object's fields (all required), an array's
 * items, or a value's type, nullability and allowed values. OpenAPI writes `integer` as
 * `number` here (the DTO says `number`), so both read as `number`.
 */
type Shape =
  | { object: Record<string, Shape> }
  | { array: Shape }
  | { type: string; nullable: boolean; enum?: unknown[] };

/** The shape of a node of our JSON schema (`type: [T, 'null']` is a nullable T). */
function schemaShape(node: Schema): Shape {
  if (node.type === 'object') {
    const properties = node.properties as Record<string, Schema>;
    expect(node.required).toEqual(Object.keys(properties));
    return {
      object: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaShape(v)])),
    };
  }
  if (node.type === 'array') return { array: schemaShape(node.items as Schema) };
  const [type, nullable] = Array.isArray(node.type)
    ? [node.type[0] as string, node.type.includes('null')]
    : [node.type as string, false];
  return {
    type,
    nullable,
    ...(node.enum ? { enum: node.enum as unknown[] } : {}),
  };
}

/** The shape of an OpenAPI schema, following `$ref`s (also inside a lone `allOf`). */
function openApiShape(node: Schema, components: Record<string, Schema>): Shape {
  const ref = (node.$ref ?? (node.allOf as Schema[] | undefined)?.[0]?.$ref) as string | undefined;
  if (ref) return openApiShape(components[ref.split('/').pop()!], components);
  if (node.type === 'object') {
    const properties = node.properties as Record<string, Schema>;
    expect([...(node.required as string[])].sort()).toEqual(Object.keys(properties).sort());
    return {
      object: Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, openApiShape(v, components)]),
      ),
    };
  }
  if (node.type === 'array') return { array: openApiShape(node.items as Schema, components) };
  return {
    type: node.type as string,
    nullable: node.nullable === true,
    ...(node.enum ? { enum: node.enum as unknown[] } : {}),
  };
}

@Controller('playbook-dto-check')
class DocumentedController {
  @Post()
  @ApiOkResponse({ type: PlaybookResponseDto })
  run(): void {}
}

describe('PlaybookDocumentDto', () => {
  it('documents exactly the fields of the playbook document schema', async () => {
    const module = await Test.createTestingModule({
      controllers: [DocumentedController],
    }).compile();
    const app = module.createNestApplication();
    const components = SwaggerModule.createDocument(app, new DocumentBuilder().build()).components
      ?.schemas as Record<string, Schema>;
    await app.close();

    expect(openApiShape(components.PlaybookDocumentDto, components)).toEqual(
      schemaShape(PLAYBOOK_DOCUMENT_SCHEMA),
    );
  });
});
