import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { CHANGE_SOCKET, CHANGE_SOCKET_PATH } from '../../../shared/constants';
import { advancePageClock } from './clock';

/**
 * Stands between the page and its change notices' WebSocket: each socket the page opens is passed
 * to the server (and every notice counted) unless the switch is refusing, when it is closed at once.
 * `drop()` closes the open ones and refuses new ones, as a lost network or a closed stage would;
 * `restore()` lets the next try through.
 */
export async function socketSwitch(page: Page, options: { refusing?: boolean } = {}) {
  let refusing = options.refusing ?? false;
  const open = new Set<WebSocketRoute>();
  const heard: string[] = [];
  let letThrough = 0;
  const opened = await countOpenedSockets(page);
  await page.routeWebSocket(
    (url) => url.pathname === CHANGE_SOCKET_PATH,
    (socket) => {
      if (refusing) return void socket.close({ code: 1011, reason: 'refused by the test' });
      const server = socket.connectToServer();
      server.onMessage((message) => {
        heard.push(String(message));
        socket.send(message);
      });
      socket.onClose(() => open.delete(socket));
      open.add(socket);
      letThrough += 1;
    },
  );
  const openedSockets = (count: number) => expect.poll(() => opened.count, { message: 'change sockets opened by the server' }).toBeGreaterThanOrEqual(count);
  return {
    /** The notices passed to the page so far. */
    heard,
    /** Waits until `count` sockets have been let through and opened by the server, which has then recorded them ($connect). */
    opened: (count = 1) => openedSockets(count),
    /**
     * Moves the page's stopped clock on a second at a time until `count` sockets have been let
     * through (within the backoff's ceiling), and no further: moved on in one go, the page's open
     * timeout (CHANGE_SOCKET.openTimeoutMs) could give up on a socket a busy server is slow to open.
     */
    async openedAsClockMoves(count: number) {
      for (let movedMs = 0; letThrough < count && movedMs < CHANGE_SOCKET.reconnectMaxMs; movedMs += 1_000) {
        await advancePageClock(page, 1_000);
      }
      await openedSockets(count);
    },
    /** Waits until the page has been passed `count` notices in all. */
    async noticesHeard(count: number) {
      await expect.poll(() => heard.length, { message: 'change notices passed to the page' }).toBeGreaterThanOrEqual(count);
    },
    async drop() {
      refusing = true;
      await Promise.all([...open].map((socket) => socket.close({ code: 1006, reason: 'dropped by the test' })));
    },
    restore() {
      refusing = false;
    },
  };
}

/**
 * Counts the page's change sockets whose upgrade the server answered (101), as Chromium's network
 * log reports it: the server upgrades a socket only once $connect has recorded it, so a change saved
 * from then on is noticed on it. The page hears `open` just after.
 */
async function countOpenedSockets(page: Page): Promise<{ count: number }> {
  const opened = { count: 0 };
  const changeSockets = new Set<string>();
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Network.webSocketCreated', ({ requestId, url }) => {
    if (new URL(url).pathname === CHANGE_SOCKET_PATH) changeSockets.add(requestId);
  });
  devtools.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) => {
    if (changeSockets.has(requestId) && response.status === 101) opened.count += 1;
  });
  await devtools.send('Network.enable');
  return opened;
}
