import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A passkey authenticator in software, for the tests of decision 116: one ES256 (P-256) key pair made
 * with node:crypto, "none" attestation, a signature counter, user presence and verification always
 * set. It answers the options the store gives, as a browser would post them (the JSON of
 * @simplewebauthn/browser), and can be told to answer wrongly (another origin, an older counter, another
 * account's user handle) so the tests can see the store refuse.
 */
type Json = Record<string, unknown>;
/** The options the store gives (its JSON): the challenge, and for a new passkey the user. */
type Options = { challenge?: unknown; user?: unknown };
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Just enough CBOR for an attestation object and a COSE key: maps, ints, byte and text strings. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string")
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map)
    return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  throw new Error(`no CBOR for ${typeof value}`);
}

export type AnswerOptions = {
  /** The page's origin the browser reports (default: the authenticator's own). */
  origin?: string;
  /** The counter to report (default: one more than the last). */
  counter?: number;
  /** The user handle to report (default: the one the passkey was made for). */
  userHandle?: string;
};

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private counter = 0;
  private userHandle = "";

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: "jwk" });
    this.cosePublicKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
  }

  get id() {
    return b64url(this.credentialId);
  }

  private authData(flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (`options.challenge`, `options.user.id`). */
  register(options: Options, answer: AnswerOptions = {}): Json {
    this.userHandle = String((options.user as Json | undefined)?.id);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey]);
    // UP | UV | AT
    const authData = this.authData(0x01 | 0x04 | 0x40, this.counter, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(
          this.clientData("webauthn.create", String(options.challenge), answer.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to sign-in options (`options.challenge`), signed with the passkey's private key. */
  authenticate(options: Options, answer: AnswerOptions = {}): Json {
    const counter = answer.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = this.authData(0x01 | 0x04, counter);
    const clientDataJSON = this.clientData(
      "webauthn.get",
      String(options.challenge),
      answer.origin ?? this.origin,
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: answer.userHandle ?? this.userHandle,
      },
    };
  }

  /** The user handle this passkey was made for (base64url), to put in another passkey's answer. */
  get handle() {
    return this.userHandle;
  }
}
