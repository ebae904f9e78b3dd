/**
 * A fetch-shaped function on XMLHttpRequest, for the one thing fetch cannot report: how much of the
 * request body has been sent. Given to the HTTP client as a request's `transport` (photo uploads),
 * so headers, the token and the refresh-and-retry stay the client's.
 */
export function xhrTransport(onUploadProgress: (fraction: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? "GET", input instanceof Request ? input.url : String(input));
      new Headers(init.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.withCredentials = init.credentials === "include";
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const hasNoBody = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(
          new Response(hasNoBody ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError("Network request failed"));
      xhr.ontimeout = () => reject(new TypeError("Network request timed out"));
      signal?.addEventListener(
        "abort",
        () => {
          xhr.abort();
          reject(signal.reason);
        },
        { once: true },
      );
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
