import net from "node:net";

export interface SmtpStandIn {
  url: string;
  /** Each message's raw DATA as received. */
  messages: string[];
  close: () => Promise<void>;
}

/** Just enough of an SMTP server on localhost for nodemailer to hand over a message. */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 stand-in ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end !== -1; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          } else messages[messages.length - 1] += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 stand-in\r\n");
        else if (verb === "DATA") {
          inData = true;
          messages.push("");
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
