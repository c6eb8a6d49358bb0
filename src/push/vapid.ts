/**
 * The server's VAPID key pair (RFC 8292), which signs every push and which browsers subscribe with
 * (`applicationServerKey`). From the settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) when given; otherwise the pair
 * stored in the database, made once by whichever app copy asks first, so that every copy signs with the same key
 * and subscriptions outlive restarts (docs/operations.md#web-push). Nothing is written to a file.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { PushRepository } from './push.repository';

/** A P-256 private key as JSON Web Key: what signs the VAPID token. */
export interface VapidJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  readonly d: string;
}

export interface VapidPair {
  /** The uncompressed public point, base64url. */
  readonly publicKey: string;
  readonly privateJwk: VapidJwk;
}

/** The pair from its two base64url parts: the public point (0x04 ‖ x ‖ y) and the private scalar d. */
export function vapidPairOf(publicKey: string, privateKey: string): VapidPair {
  const point = Buffer.from(publicKey, 'base64url');
  return {
    publicKey,
    privateJwk: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      d: privateKey,
    },
  };
}

/** A new pair from the OS's randomness. */
export function newVapidPair(): VapidPair {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  const y = Buffer.from(jwk.y!, 'base64url');
  return vapidPairOf(Buffer.concat([Buffer.from([4]), x, y]).toString('base64url'), jwk.d!);
}

@Injectable()
export class VapidKeys {
  private pair: Promise<VapidPair> | null = null;

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    private readonly repository: PushRepository,
    private readonly clock: Clock,
  ) {}

  /** The pair; read (or made) once per copy. */
  get(): Promise<VapidPair> {
    const given = this.config.push.vapid;
    if (given !== null) return Promise.resolve(vapidPairOf(given.publicKey, given.privateKey));
    // A failed read is not remembered: the next caller tries again.
    this.pair ??= this.repository.vapidPair(newVapidPair(), this.clock.now()).catch((error: unknown) => {
      this.pair = null;
      throw error;
    });
    return this.pair;
  }
}
