/**
 * The editor's view of a site's scheduled stock-feed pulls (docs/editor-guide.md, "Stock
 * feeds"; docs/deploy.md, "Scheduled feed pulls"): the same rows as GET /api/staff/feeds,
 * behind the editor's own sign-in (mounted under /api/editor after staffOnly), so onboarding
 * staff see whether a dealer's feed is arriving without a staff token of the lead view.
 *
 *   GET /sites/:slug/feeds   { site, feeds: StaffFeedPull[] }
 */
import { Router } from 'express';
import type { StaffFeeds } from '../../schemas/types.gen.ts';
import type { FeedPullStore } from '../api/store/feed-pulls.ts';
import { PLAIN_NAME } from '../site/folder.ts';

export function editorFeedsRouter(store: FeedPullStore): Router {
  const router = Router();
  router.get('/sites/:slug/feeds', async (req, res, next) => {
    try {
      const { slug } = req.params;
      if (!PLAIN_NAME.test(slug)) return void res.status(404).json({ error: 'no such site' });
      const rows = await store.list(slug);
      const answer: StaffFeeds = { site: slug, feeds: rows.map(({ site: _s, ...row }) => row) };
      res.setHeader('Cache-Control', 'no-store');
      res.json(answer);
    } catch (err) {
      next(err);
    }
  });
  return router;
}
