// The media manager's calls (spec 003 section 7, Media) on each blob-store engine: the disk, and
// MinIO through the S3 engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Config } from '../../server/config';
import { createTestApp } from '../helpers/test-app';
import type { TestApp } from '../helpers/test-app';
import { workspaceCast, workspaceProject } from '../workspace/fixtures';
import type { WorkspaceCast, WorkspaceProject } from '../workspace/fixtures';
import { minioBuilt, S3_MISSING, withS3Peer } from '../helpers/minio';
import { blobStoreOf } from '../../server/services/blobs';
import { assets } from '../../server/services/workspace/model';
import { storedBytes } from '../../server/services/media/usage';
import { FREE_PLAN_FEATURES } from '../../rules/plan-features';
import { ONLY_IMAGES, UNSUPPORTED } from '../../rules/uploads';
import { ASSET_NOT_FOUND, IMAGE_UNREADABLE, storageFull, UPLOAD_FAILED } from '../../rules/media';
import { WORKSPACE_MESSAGES } from '../../rules/workspace-roles';
import { binary, pngOf, upload } from './media-fixtures';
import { log } from '../../server/observability/log';

const MB = 1024 * 1024;

function mediaSuite(configOf: () => Partial<Config>): void {
  let t: TestApp;
  let cast: WorkspaceCast;
  let project: WorkspaceProject;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp(configOf());
    cast = await workspaceCast(t);
    png = await pngOf();
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(async () => {
    project = await workspaceProject({ t, cast });
    // The shared fixture's asset has no stored bytes; these tests count and list their own.
    await assets(t.ctx).deleteOne({ _id: project.assetGuid });
  });

  const uploadToProject = (files: Parameters<typeof upload>[0]['files'], identity: 'editor' | 'viewer' | 'owner' = 'editor', assetType = 'image') =>
    upload({ agent: cast.agents[identity], files, query: { projectId: project.projectId, assetType } });

  it('stores an image with a thumbnail and serves both', async () => {
    const res = await uploadToProject([{ name: 'Hero photo.png', data: png, contentType: 'image/png' }]).expect(201);
    const [asset] = res.body.data.uploaded;
    expect(res.body.data.failed).toEqual([]);
    expect(asset).toMatchObject({
      name: 'Hero photo.png',
      assetType: 'image',
      mimeType: 'image/png',
      size: png.length,
      projectId: project.projectId,
      url: `/api/v1/asset/${asset.guid}/file`,
      downloadUrl: `/api/v1/asset/${asset.guid}/file?download=true`,
      thumbnail: `/api/v1/asset/${asset.guid}/thumbnail`,
      author: { id: cast.userIds.editor },
    });
    const file = await cast.agents.anonymous.get(asset.url).buffer(true).parse(binary).expect(200);
    expect(file.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(file.headers['content-disposition']).toBeUndefined();
    expect((file.body as Buffer).equals(png)).toBe(true);
    const thumb = await cast.agents.anonymous.get(asset.thumbnail).buffer(true).parse(binary).expect(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 320, height: 240 });
    const download = await cast.agents.anonymous.get(asset.downloadUrl).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Hero%20photo.png");
  });

  it('lists a project\'s assets to every member, newest first, by name and type, a page at a time', async () => {
    for (const name of ['beach.png', 'Beach party.png', 'forest.png']) {
      await uploadToProject([{ name, data: png }]).expect(201);
      t.advance(1000);
    }
    await uploadToProject([{ name: 'terms.pdf', data: Buffer.from('%PDF-1.7 terms') }], 'editor', 'pdf').expect(201);
    const list = (query: Record<string, string>) => cast.agents.viewer.get('/api/v1/asset').query({ projectId: project.projectId, ...query }).expect(200);
    expect((await list({ assetType: 'image' })).body.data).toMatchObject({ total: 3, page: 1, pages: 1, limit: 25 });
    expect((await list({ q: 'BEACH', assetType: 'image' })).body.data.docs.map((a: { name: string }) => a.name)).toEqual(['Beach party.png', 'beach.png']);
    const second = (await list({ limit: '2', page: '2' })).body.data;
    expect(second).toMatchObject({ total: 4, page: 2, pages: 2, limit: 2 });
    expect(second.docs.map((a: { name: string }) => a.name)).toEqual(['Beach party.png', 'beach.png']);
    expect((await list({ assetType: 'pdf' })).body.data.docs[0]).toMatchObject({ name: 'terms.pdf', thumbnail: null, mimeType: 'application/pdf' });
  });

  it('keeps files outside any project to their uploader', async () => {
    const res = await upload({ agent: cast.agents.stranger, files: [{ name: 'mine.png', data: png }], query: { assetType: 'image' } }).expect(201);
    const { guid } = res.body.data.uploaded[0];
    expect((await cast.agents.stranger.get('/api/v1/asset').expect(200)).body.data.docs.map((a: { guid: string }) => a.guid)).toContain(guid);
    expect((await cast.agents.owner.get('/api/v1/asset').expect(200)).body.data.docs.map((a: { guid: string }) => a.guid)).not.toContain(guid);
    expect((await cast.agents.owner.put(`/api/v1/asset/${guid}`).send({ name: 'x' }).expect(404)).body.message).toBe(ASSET_NOT_FOUND);
    await cast.agents.owner.delete(`/api/v1/asset/${guid}`).expect(404);
  });

  it.each([
    ['a text file as an image', 'image', { name: 'notes.png', data: Buffer.from('not an image') }, 400, ONLY_IMAGES],
    ['an SVG as an image', 'image', { name: 'logo.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, 400, ONLY_IMAGES],
    ['a PNG as a PDF', 'pdf', { name: 'doc.pdf', data: Buffer.alloc(64) }, 400, UNSUPPORTED],
    ['a broken PNG', 'image', { name: 'broken.png', data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]) }, 400, IMAGE_UNREADABLE],
    ['an empty file', 'image', { name: 'empty.png', data: Buffer.alloc(0) }, 400, 'File is required'],
  ])('refuses %s', async (_case, assetType, file, status, message) => {
    const res = await uploadToProject([file], 'editor', assetType).expect(status);
    expect(res.body.message).toBe(message);
  });

  it('refuses unknown binary bytes without an asset type, and takes them as "other"', async () => {
    const bytes = Buffer.from([0, 1, 2, 3, 254, 255]);
    const refused = await upload({ agent: cast.agents.editor, files: [{ name: 'blob.bin', data: bytes }], query: { projectId: project.projectId } }).expect(400);
    expect(refused.body.message).toBe(UNSUPPORTED);
    const taken = await uploadToProject([{ name: 'blob.bin', data: bytes }], 'editor', 'other').expect(201);
    expect(taken.body.data.uploaded[0]).toMatchObject({ assetType: 'other', mimeType: 'application/octet-stream' });
  });

  it('refuses a file over 50 MB', async () => {
    const res = await uploadToProject([{ name: 'huge.png', data: Buffer.alloc(50 * MB + 1) }]).expect(413);
    expect(res.body.message).toBe('File is too big. Size limitation is 50mb');
  });

  it('keeps the files of a multi-file upload that pass and reports the others', async () => {
    const res = await uploadToProject([
      { name: 'good.png', data: png },
      { name: 'notes.txt', data: Buffer.from('hello') },
    ]).expect(201);
    expect(res.body.data.uploaded.map((a: { name: string }) => a.name)).toEqual(['good.png']);
    expect(res.body.data.failed).toEqual([{ name: 'notes.txt', message: ONLY_IMAGES }]);
  });

  it('takes at most 10 files in one request', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, data: png }));
    const res = await uploadToProject(files).expect(400);
    expect(res.body.message).toBe('Send at most 10 files at a time');
  });

  it('takes one file unless multi=true', async () => {
    const res = await upload({ agent: cast.agents.editor, files: [{ name: 'a.png', data: png }, { name: 'b.png', data: png }], query: { projectId: project.projectId, multi: 'false' } }).expect(400);
    expect(res.body.message).toBe('Send one file at a time');
  });

  it('counts stored bytes on the project owner\'s counter, refuses past the plan\'s storage and gives bytes back on delete', async () => {
    const before = await storedBytes({ ctx: t.ctx, userId: cast.userIds.owner });
    const res = await uploadToProject([{ name: 'counted.png', data: png }]).expect(201);
    expect(await storedBytes({ ctx: t.ctx, userId: cast.userIds.owner })).toBe(before + png.length);
    const limit = FREE_PLAN_FEATURES.numberOfBytesInStorage;
    await t.ctx.store.collection('storageUsage').updateOne({ _id: cast.userIds.owner }, { $set: { bytes: limit - png.length + 1 } });
    const refused = await uploadToProject([{ name: 'one too many.png', data: png }]).expect(403);
    expect(refused.body).toMatchObject({ message: storageFull(limit), reason: 'planLimit' });
    expect(refused.body.message).toBe('Storage limit reached: your plan stores up to 100 MB. Delete files or upgrade your plan.');
    await cast.agents.editor.delete(`/api/v1/asset/${res.body.data.uploaded[0].guid}`).expect(200);
    expect(await storedBytes({ ctx: t.ctx, userId: cast.userIds.owner })).toBe(limit + 1 - 2 * png.length);
    await uploadToProject([{ name: 'fits again.png', data: png }]).expect(201);
    await t.ctx.store.collection('storageUsage').updateOne({ _id: cast.userIds.owner }, { $set: { bytes: before } });
  });

  it('loses nothing when storing fails halfway: the written blob goes again, the bytes come back, the other files stay', async () => {
    const store = blobStoreOf(t.ctx);
    const realPut = store.put;
    let thumbnails = 0;
    // The second file's blob is written, its thumbnail is not.
    const put = jest.spyOn(store, 'put').mockImplementation(async (input) => {
      if (input.key.endsWith('.thumb.png') && ++thumbnails === 2) throw new Error('disk full');
      return realPut(input);
    });
    const deleted = jest.spyOn(store, 'delete');
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const before = await storedBytes({ ctx: t.ctx, userId: cast.userIds.owner });
    let removed: string[] = [];
    try {
      const res = await uploadToProject([{ name: 'kept.png', data: png }, { name: 'lost.png', data: png }]).expect(201);
      expect(res.body.data.uploaded.map((a: { name: string }) => a.name)).toEqual(['kept.png']);
      expect(res.body.data.failed).toEqual([{ name: 'lost.png', message: UPLOAD_FAILED }]);
      removed = deleted.mock.calls.map(([key]) => key);
    } finally {
      put.mockRestore();
      deleted.mockRestore();
      logged.mockRestore();
    }
    expect(removed).toHaveLength(2);
    for (const key of removed) expect(await store.get(key)).toBeNull();
    expect(await storedBytes({ ctx: t.ctx, userId: cast.userIds.owner })).toBe(before + png.length);
    const listed = await cast.agents.editor.get('/api/v1/asset').query({ projectId: project.projectId }).expect(200);
    expect(listed.body.data.docs.map((a: { name: string }) => a.name)).toEqual(['kept.png']);
  });

  it('lets editors and above rename and delete, viewers only read', async () => {
    const { guid } = (await uploadToProject([{ name: 'team.png', data: png }]).expect(201)).body.data.uploaded[0];
    expect((await uploadToProject([{ name: 'v.png', data: png }], 'viewer').expect(403)).body.message).toBe(WORKSPACE_MESSAGES.notPermitted);
    expect((await cast.agents.viewer.put(`/api/v1/asset/${guid}`).send({ name: 'x' }).expect(403)).body.message).toBe(WORKSPACE_MESSAGES.notPermitted);
    await cast.agents.viewer.delete(`/api/v1/asset/${guid}`).expect(403);
    expect((await cast.agents.stranger.put(`/api/v1/asset/${guid}`).send({ name: 'x' }).expect(404)).body.message).toBe(ASSET_NOT_FOUND);
    const renamed = await cast.agents.editor.put(`/api/v1/asset/${guid}`).send({ name: 'Team photo' }).expect(200);
    expect(renamed.body.data).toMatchObject({ guid, name: 'Team photo' });
    expect((await cast.agents.admin.put(`/api/v1/asset/${guid}`).send({ name: '' }).expect(400)).body.fieldErrors).toHaveProperty('name');
    await cast.agents.owner.delete(`/api/v1/asset/${guid}`).expect(200);
    expect((await cast.agents.anonymous.get(`/api/v1/asset/${guid}/file`).expect(404)).body.message).toBe(ASSET_NOT_FOUND);
    await cast.agents.anonymous.get(`/api/v1/asset/${guid}/thumbnail`).expect(404);
    expect(await blobStoreOf(t.ctx).get(`assets/${guid}`)).toBeNull();
  });

  it('answers 404 to strangers of a project and for unknown assets', async () => {
    expect((await cast.agents.stranger.get('/api/v1/asset').query({ projectId: project.projectId }).expect(404)).body.message).toBe(WORKSPACE_MESSAGES.projectNotFound);
    expect((await upload({ agent: cast.agents.stranger, files: [{ name: 'a.png', data: png }], query: { projectId: project.projectId } }).expect(404)).body.message).toBe(WORKSPACE_MESSAGES.projectNotFound);
    await cast.agents.editor.delete('/api/v1/asset/no-such-asset').expect(404);
    await cast.agents.anonymous.get('/api/v1/asset/no-such-asset/file').expect(404);
  });

}

describe('on the disk engine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nindo-media-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mediaSuite(() => ({ blobs: { engine: 'disk' }, uploadsDir: dir }));
});

if (minioBuilt()) {
  describe('on the S3 engine (MinIO)', () => {
    const peer = withS3Peer();
    mediaSuite(() => ({ blobs: peer.blobs }));
  });
} else {
  describe.skip(S3_MISSING, () => {
    it('runs the media API on MinIO', () => undefined);
  });
}
