declare module "http-server" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Options {
    root?: string;
    /** Seconds, or the Cache-Control value for each path. */
    cache?: number | ((pathname: string) => string);
    showDir?: "true" | "false";
    autoIndex?: "true" | "false";
    gzip?: boolean;
    brotli?: boolean;
    before?: Array<(request: IncomingMessage, response: ServerResponse & { emit: (event: string) => boolean }) => void>;
  }

  interface Server {
    listen(port: number, host: string, callback: () => void): void;
    close(): void;
  }

  const httpServer: { createServer(options: Options): Server };
  export default httpServer;
}
