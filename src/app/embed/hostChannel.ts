/**
 * The embed's end of the message API (embedMessages.ts) on a real window, framework-free:
 * posts to the framing page (to the host origin it was told, else to any: what it says is the
 * night its own address holds, nothing stored), and hands on the commands of the messages it
 * accepts. Returns `{ post, destroy }`.
 */
import { acceptedCommand, type EmbedAnnouncement, type EmbedCommand, embedMessage } from './embedMessages';

export interface HostChannel {
  /** Tells the host page; nothing when the page is not framed. */
  post(announcement: EmbedAnnouncement): void;
  destroy(): void;
}

export function createHostChannel(
  view: Window,
  hostOrigin: string | null,
  onCommand: (command: EmbedCommand) => void,
): HostChannel {
  const framed = view.parent !== view;
  const onMessage = (event: MessageEvent) => {
    const command = acceptedCommand(event, view.parent, hostOrigin);
    if (command === null) return;
    // A command the embed cannot carry out now is the host's problem, never the page's crash.
    try {
      onCommand(command);
    } catch {
      // ignored, as an unknown message is
    }
  };
  view.addEventListener('message', onMessage);
  return {
    post(announcement) {
      if (!framed) return;
      view.parent.postMessage(embedMessage(announcement), hostOrigin ?? '*');
    },
    destroy() {
      view.removeEventListener('message', onMessage);
    },
  };
}
