// Demo images in the demo owner's first project, so the media manager has something to show.
// Drawn with sharp at seed time (no binary files in the repo) and stored through the media
// service, so they get thumbnails and count on the owner's storage like any upload.
// Idempotent: a project that has assets is left as it is. sharp is loaded only when drawing.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { assets } from '../services/workspace/model';
import { uploadAssets } from '../services/media/upload';
import { DEMO_OWNER } from './accounts';
import { DEMO_PROJECTS } from './workspace-projects';

const IMAGES = [
  { name: 'Hero banner.png', from: '#5b5bd6', to: '#36c5f0', width: 1200, height: 600 },
  { name: 'Team photo.png', from: '#f97316', to: '#facc15', width: 900, height: 600 },
  { name: 'Product shot.png', from: '#10b981', to: '#0ea5e9', width: 800, height: 800 },
  { name: 'Newsletter header.png', from: '#ec4899', to: '#8b5cf6', width: 1000, height: 400 },
];

const drawn = async ({ name, from, to, width, height }: (typeof IMAGES)[number]): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(height / 9)}" fill="#fff" text-anchor="middle" dominant-baseline="middle">${name.replace('.png', '')}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

export async function seedWorkspaceMedia(ctx: AppContext): Promise<string[]> {
  const projectId = DEMO_PROJECTS.marketing._id;
  const owner = await findUserByEmail({ ctx, email: DEMO_OWNER.email });
  if (!owner || (await assets(ctx).count({ projectId })) > 0) return [];
  const files = await Promise.all(IMAGES.map(async (image) => ({ name: image.name, data: await drawn(image) })));
  await uploadAssets({ ctx, userId: owner._id, projectId, assetType: 'image', multi: true, files });
  return [`Media: ${IMAGES.length} images in "${DEMO_PROJECTS.marketing.name}"`];
}
