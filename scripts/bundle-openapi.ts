// Merges openapi/root.yaml with every area file in openapi/ into one document.
// Area files are partial OpenAPI documents (tags, paths, components); a key defined
// twice is an error so two areas can never silently overwrite each other.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { OpenApiRefusal } from '../rules/openapi-refusal';
import { addPipelineResponses } from './openapi-pipeline-responses';
import { expandResources } from './expand-resources';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function mergeInto({ target, source, where }: { target: Json; source: Json; where: string }): void {
  for (const [key, value] of Object.entries(source)) {
    const path = `${where}.${key}`;
    if (!(key in target)) {
      target[key] = value;
    } else if (Array.isArray(target[key]) && Array.isArray(value)) {
      target[key] = [...(target[key] as unknown[]), ...value];
    } else if (isObject(target[key]) && isObject(value) && !path.startsWith('root.paths.')) {
      mergeInto({ target: target[key] as Json, source: value, where: path });
    } else {
      throw new OpenApiRefusal(`OpenAPI key defined twice: ${path}`);
    }
  }
}

/** A file's YAML; a mistake in it is refused in one line naming the file and the line. */
function load({ dir, file }: { dir: string; file: string }): Json {
  try {
    return yaml.load(readFileSync(join(dir, file), 'utf8')) as Json;
  } catch (err) {
    if (!(err instanceof yaml.YAMLException)) throw err;
    throw new OpenApiRefusal(`openapi/${file} line ${err.mark.line + 1}: ${err.reason}`);
  }
}

export function bundleOpenApi(dir = 'openapi'): Json {
  const root = load({ dir, file: 'root.yaml' });
  const areas = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') && f !== 'root.yaml')
    .sort();
  for (const file of areas) {
    const area = load({ dir, file });
    mergeInto({ target: root, source: area, where: 'root' });
  }
  // Declared resources become ordinary operations before the pipeline's answers are added to all.
  expandResources(root);
  const paths = root.paths as Json;
  root.paths = Object.fromEntries(Object.keys(paths).sort().map((k) => [k, paths[k]]));
  addPipelineResponses(root);
  return root;
}
