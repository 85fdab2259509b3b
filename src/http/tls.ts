/**
 * TLS for `--tls` (a private CA and a server certificate made at start) and `--tls-cert`/`--tls-key` (the
 * user's own). Certificates are built by @peculiar/x509 on WebCrypto with ECDSA P-256 keys: RSA key
 * generation in JavaScript would cost seconds at start-up.
 */
import { webcrypto, X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../core/config-error.js';

/** How long the generated CA and server certificate are valid (decisions: "TLS"). */
export const GENERATED_CERT_DAYS = 30;

export interface TlsMaterial {
  cert: string;
  key: string;
  /** The generated CA's PEM file, for NODE_EXTRA_CA_CERTS and curl --cacert; null with the user's own files. */
  caFile: string | null;
  /** Removes the generated CA's folder at close. */
  dispose: () => void;
}

export interface TlsOptions {
  tls: boolean;
  tlsCert: string | null;
  tlsKey: string | null;
}

/** The server's TLS material, or null when TLS is off. */
export async function tlsMaterial(o: TlsOptions, host: string): Promise<TlsMaterial | null> {
  if (o.tlsCert !== null && o.tlsKey !== null) return readOwnFiles(o.tlsCert, o.tlsKey);
  if (!o.tls) return null;
  return generate(host);
}

function readOwnFiles(certPath: string, keyPath: string): TlsMaterial {
  const cert = readPem('--tls-cert', certPath);
  const key = readPem('--tls-key', keyPath);
  let parsed: X509Certificate;
  try {
    parsed = new X509Certificate(cert);
  } catch (err) {
    throw new ConfigError(`--tls-cert ${certPath} is not a PEM certificate: ${(err as Error).message}`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (err) {
    throw new ConfigError(`--tls-key ${keyPath} is not a PEM private key: ${(err as Error).message}`);
  }
  if (!parsed.checkPrivateKey(privateKey))
    throw new ConfigError(
      `--tls-key ${keyPath} is not the private key of the certificate in --tls-cert ${certPath}`,
    );
  return { cert, key, caFile: null, dispose: () => {} };
}

function readPem(option: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read ${option} ${path}: ${(err as Error).message}`);
  }
}

/** The names the server certificate covers: the loopback names and the --host value. */
export function subjectAltNames(host: string): { type: 'dns' | 'ip'; value: string }[] {
  const names = new Map<string, 'dns' | 'ip'>([
    ['localhost', 'dns'],
    ['127.0.0.1', 'ip'],
    ['::1', 'ip'],
  ]);
  // 0.0.0.0 and :: are not addresses a client connects to; the loopback names cover them locally.
  if (host !== '0.0.0.0' && host !== '::') names.set(host, isIP(host) ? 'ip' : 'dns');
  return [...names].map(([value, type]) => ({ type, value }));
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

async function generate(host: string): Promise<TlsMaterial> {
  // Loaded only for --tls: tsyringe (under @peculiar/x509) needs the Reflect metadata polyfill.
  await import('reflect-metadata/lite');
  const loaded = await import('@peculiar/x509');
  // In the esbuild bundle a CommonJS package's exports arrive under `default`.
  const x509 = 'cryptoProvider' in loaded ? loaded : (loaded as { default: typeof loaded }).default;
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + GENERATED_CERT_DAYS * 86_400_000);
  const serial = () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex');
  const [caKeys, leafKeys] = await Promise.all([
    webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']),
    webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']),
  ]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: `01${serial()}`,
    name: 'CN=svc-emulator local CA, O=svc-emulator',
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: `01${serial()}`,
    subject: 'CN=svc-emulator',
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingKey: caKeys.privateKey,
    publicKey: leafKeys.publicKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension(subjectAltNames(host)),
      await x509.AuthorityKeyIdentifierExtension.create(ca, false),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', leafKeys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`;
  // One folder per run: the CA is new each start, and no run overwrites another's.
  const dir = mkdtempSync(join(tmpdir(), 'svc-emulator-tls-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, `${ca.toString('pem')}\n`);
  return {
    cert: `${leaf.toString('pem')}\n`,
    key,
    caFile,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
