import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's schemas, served at /api/docs (JSON at /api/docs/json). */
export const docsPlugin = fp(async function docsPlugin(app) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Promoter back-office API',
        version: '1.0.0',
        description:
          'Every answer is `{code, msg, data}`: 1 success, 0 failure, 1001 no game account, 1002 agent unavailable, ' +
          '10001 not signed in, 10101 operator not signed in, 10103 operator lacks the right. Money is a string with two decimals; diamonds are integers.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'XX-Token' },
          operatorToken: { type: 'apiKey', in: 'header', name: 'X-Operator-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
