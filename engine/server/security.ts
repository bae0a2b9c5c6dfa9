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
