// The cold start bench's floor: a bare Express 5 app with express-openapi-validator (requests and
// responses validated) over bench-api.yaml, answering GET /bench/floor with a fixed list of 20.
// What any server of this stack pays to start and answer once, without the product's document,
// storage, services or demo data. cold-start.ts bundles it into one CommonJS file and starts it
// with node, as `npm run build` and `npm start` do the product. BENCH_API names the document.
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';

const items = Array.from({ length: 20 }, (_, i) => ({
  _id: `item-${i}`,
  ownerId: 'owner-1',
  name: `Item ${i}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  status: 'active',
  tags: ['bench'],
}));

const app = express();
app.use(express.json());
app.use(
  OpenApiValidator.middleware({
    apiSpec: String(process.env.BENCH_API),
    validateRequests: true,
    validateResponses: true,
    operationHandlers: {
      basePath: '',
      resolver: () => (_req: express.Request, res: express.Response) => {
        res.json({ success: true, data: items, message: '' });
      },
    },
  }),
);
app.listen(Number(process.env.PORT));
