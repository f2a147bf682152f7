// The request pipeline (server/app.ts) can refuse any request before its handler runs. Those
// answers are the same for every operation, so the bundler declares them here instead of every
// area file repeating them; an operation that declares the status itself keeps its own.
type Json = Record<string, unknown>;

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const UNSAFE_METHODS = new Set(['put', 'post', 'delete', 'patch']);
const ref = (name: string): Json => ({ $ref: `#/components/responses/${name}` });

/** Status -> shared response, for the operations the pipeline can answer it for. */
function pipelineAnswers({ method, op, globalSecurity }: { method: string; op: Operation; globalSecurity?: unknown[] }): Record<string, Json> {
  const secured = (op.security ?? globalSecurity ?? []).length > 0;
  return {
    // Unknown query parameters and malformed JSON are refused on every operation.
    '400': ref('BadRequest'),
    ...(secured ? { '401': ref('Unauthorized') } : {}),
    // Changes sent by a browser from another site (server/http/cross-site.ts).
    ...(UNSAFE_METHODS.has(method) ? { '403': ref('Forbidden') } : {}),
    // Bodies over the size limits, or in a media type the operation does not declare.
    ...(op.requestBody ? { '413': ref('PayloadTooLarge'), '415': ref('UnsupportedMediaType') } : {}),
  };
}

export function addPipelineResponses(doc: Json): void {
  const globalSecurity = doc.security as unknown[] | undefined;
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS.filter((m) => item[m])) {
      const op = item[method];
      const answers = pipelineAnswers({ method, op, globalSecurity });
      const own = op.responses ?? {};
      const added = Object.fromEntries(Object.entries(answers).filter(([status]) => !(status in own)));
      op.responses = Object.fromEntries(Object.entries({ ...own, ...added }).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}
