import { expect, type Page, type WebSocketRoute } from '@playwright/test';
import { CHANGE_SOCKET_PATH } from '../../../shared/constants';

/**
 * Stands between the page and its change notices' WebSocket: each socket the page opens is passed
 * to the server (and every notice counted) unless the switch is refusing, when it is closed at once.
 * `drop()` closes the open ones and refuses new ones, as a lost network or a closed stage would;
 * `restore()` lets the next try through.
 */
export async function pushSwitch(page: Page, options: { refusing?: boolean } = {}) {
  let refusing = options.refusing ?? false;
  const open = new Set<WebSocketRoute>();
  const heard: string[] = [];
  let opened = 0;
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
      opened += 1;
    },
  );
  return {
    /** The notices passed to the page so far. */
    heard,
    /** Waits until `count` sockets have been let through. */
    async opened(count = 1) {
      await expect.poll(() => opened, { message: 'change sockets let through' }).toBeGreaterThanOrEqual(count);
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
