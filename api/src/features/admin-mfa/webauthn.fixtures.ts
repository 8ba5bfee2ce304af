// A software authenticator for the API tests: real registration and assertion responses (ES256,
// attestation 'none', authenticator data built by hand) that the server verifies like a browser's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { cose, isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Cbor = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (data: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(data);

function counterBytes(counter: number) {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, counter);
  return bytes;
}

interface OptionsJson {
  challenge: string;
}

export interface SoftAuthenticatorOptions {
  /** The origin the "browser" reports; defaults to the relying party's. */
  origin: string;
  rpID: string;
}

export function softAuthenticator({ origin, rpID }: SoftAuthenticatorOptions) {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = new Uint8Array(randomBytes(32));
  const coseKey = isoCBOR.encode(
    new Map<number, Cbor>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, cose.COSEALG.ES256],
      [cose.COSEKEYS.crv, cose.COSECRV.P256],
      [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x!)],
      [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const clientData = (type: string, challenge: string, at = origin) =>
    isoUint8Array.fromUTF8String(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));
  let counter = 0;

  return {
    id: b64(credentialId),
    /** What startRegistration returns for these creation options. */
    register(options: OptionsJson, overrides: { origin?: string; counter?: number } = {}) {
      const authData = isoUint8Array.concat([
        sha256(isoUint8Array.fromUTF8String(rpID)),
        new Uint8Array([FLAG_UP | FLAG_UV | FLAG_AT]),
        counterBytes(overrides.counter ?? counter),
        new Uint8Array(16), // aaguid: none
        new Uint8Array([0, credentialId.length]),
        credentialId,
        coseKey,
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, overrides.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * What startAuthentication returns for these request options. Each call counts one use, unless
     * `counter` says what to report (a cloned authenticator repeats an old value).
     */
    assert(options: OptionsJson, overrides: { origin?: string; counter?: number } = {}) {
      const used = overrides.counter ?? ++counter;
      const authenticatorData = isoUint8Array.concat([
        sha256(isoUint8Array.fromUTF8String(rpID)),
        new Uint8Array([FLAG_UP | FLAG_UV]),
        counterBytes(used),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, overrides.origin);
      const signature = sign('sha256', isoUint8Array.concat([authenticatorData, sha256(clientDataJSON)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authenticatorData),
          signature: b64(new Uint8Array(signature)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
