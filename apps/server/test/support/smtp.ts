import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver keeping every message it gets (raw, latin1). With `login` it requires that one user and
 * password (AUTH PLAIN/LOGIN over plain text, as a test server may).
 */
export function startReceiver(
  received: string[],
  port = 0,
  login?: { username: string; password: string },
): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: Boolean(login),
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.username && auth.password === login.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid credentials'));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('latin1'));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address();
      if (address === null || typeof address === 'string') reject(new Error('No port'));
      else resolve({ server, port: address.port });
    });
  });
}

export const stopReceiver = (server: SMTPServer) =>
  new Promise<void>((resolve) => server.close(() => resolve()));
