/** Security headers for every response; a Content-Security-Policy in production. */
import type { RequestHandler } from 'express';

export function securityHeaders(mode: 'development' | 'production'): RequestHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // The theme is one inline <style> of CSS variables built from validated colours.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    "frame-src 'self' https:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
    if (mode === 'production') res.setHeader('Content-Security-Policy', csp);
    next();
  };
}

/**
 * The editor writes site documents, so its API is for staff only: with
 * FORECOURT_EDITOR_TOKEN set it needs "Authorization: Bearer <token>"; without one it
 * answers only requests from this machine (the local default of npm start).
 */
export function staffOnly(token = process.env.FORECOURT_EDITOR_TOKEN): RequestHandler {
  return (req, res, next) => {
    if (token) {
      if (req.get('authorization') === `Bearer ${token}`) return next();
      res.status(401).json({ error: 'The editor needs a staff token (Authorization: Bearer …).' });
      return;
    }
    const ip = req.ip ?? '';
    if (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1') return next();
    res.status(403).json({ error: 'The editor API only answers this machine unless FORECOURT_EDITOR_TOKEN is set.' });
  };
}
