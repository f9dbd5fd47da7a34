import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { z } from 'zod';

export const TOKEN_ISSUER = 'fuliaotong';
export const TOKEN_AUDIENCE = 'fuliaotong-app';
/** A session lasts 7 days; logging in again starts a new one. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  userId: number;
  sessionId: string;
  /** The user's token version when the token was issued. */
  version: number;
  expiresAt: Date;
}

/**
 * The claims a session token must carry, checked even on a genuine signature: whatever reaches the
 * session lookup must fit its columns (a uuid, an int4), or the database would refuse it with a 500.
 */
const Claims = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(2_147_483_647)),
  sid: z.uuid(),
  ver: z.number().int().min(0).max(2_147_483_647),
  exp: z.number(),
});

/** The audience of a staff log-in's challenge: never accepted as a session token, nor one as a challenge. */
const CHALLENGE_AUDIENCE = 'fuliaotong-login-challenge';

const ChallengeClaims = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().max(2_147_483_647)),
  ver: z.number().int().min(0).max(2_147_483_647),
});

/** Signs and verifies session tokens: HS256 only, with issuer, audience and expiry always checked. */
export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async sign(claims: Omit<TokenClaims, 'expiresAt'>): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    const exp = issuedAt + TOKEN_TTL_SECONDS;
    const token = await new SignJWT({ sid: claims.sessionId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a genuine, unexpired token of ours, or null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', 'sid', 'ver'],
        currentDate: this.now(),
      });
      const claims = Claims.safeParse(payload);
      if (!claims.success) return null;
      const { sub, sid, ver, exp } = claims.data;
      return { userId: sub, sessionId: sid, version: ver, expiresAt: new Date(exp * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** A staff log-in's challenge: whose password was right, valid for `ttlSeconds`. */
  async signChallenge(claims: { userId: number; version: number }, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(this.secret);
  }

  /** The claims of a genuine, unexpired challenge, or null. */
  async verifyChallenge(token: string): Promise<{ userId: number; version: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: CHALLENGE_AUDIENCE,
        requiredClaims: ['sub', 'iat', 'exp', 'ver'],
        currentDate: this.now(),
      });
      const claims = ChallengeClaims.safeParse(payload);
      return claims.success ? { userId: claims.data.sub, version: claims.data.ver } : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
