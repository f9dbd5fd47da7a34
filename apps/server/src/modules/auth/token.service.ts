import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

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
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || typeof payload.ver !== 'number') {
        return null;
      }
      return { userId, sessionId: payload.sid, version: payload.ver, expiresAt: new Date(payload.exp! * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
