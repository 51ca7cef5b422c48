import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver keeping every message it gets (raw, latin1). With `login` it requires that one user and
 * password (AUTH PLAIN/LOGIN over plain text, as a test server may). With `beforeAccept`, each message's data is
 * handed to it before the server's final reply: 'drop' keeps the message out of `received` (as a server whose
 * client vanished before that reply discards it), and the reply waits for the promise.
 */
export function startReceiver(
  received: string[],
  port = 0,
  login?: { username: string; password: string },
  beforeAccept?: (raw: string) => Promise<'accept' | 'drop'>,
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
        const raw = Buffer.concat(chunks).toString('latin1');
        if (!beforeAccept) {
          received.push(raw);
          callback();
          return;
        }
        void beforeAccept(raw).then((verdict) => {
          if (verdict === 'accept') {
            received.push(raw);
            callback();
          } else callback(new Error('Dropped'));
        });
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
