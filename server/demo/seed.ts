// Demo data for `npm start`: returns the lines to print (accounts and passwords).
import type { AppContext } from '../context';

export async function seedDemo(_ctx: AppContext): Promise<string[]> {
  return [];
}
