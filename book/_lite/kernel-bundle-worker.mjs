// "Try it in JupyterLite": reads the kernel's preloaded packages' file in a worker of its own (issue 22).
//
// Started by kernel-pyodide.mjs from the kernel's worker, so that fetching the file (checked by
// the browser against its sha256: subresource integrity) and decompressing its 56 MB run on
// another core while the kernel's worker starts Python (decompressing took 0.6 s there, after
// Python's start, on a second visit). Receives {url, integrity}; posts back
// {header, buffer, offset}, the buffer transferred (the files' bytes start at `offset`), or
// {error: "<message>"}. The file's format is scripts/preload_bundle.mjs's.

async function gunzip(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // a host already decoded it
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

self.onmessage = async ({ data: { url, integrity } }) => {
  try {
    const response = await fetch(url, { integrity });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const raw = await gunzip(new Uint8Array(await response.arrayBuffer()));
    const length = new DataView(raw.buffer, raw.byteOffset, 4).getUint32(0, true);
    const header = JSON.parse(new TextDecoder().decode(raw.subarray(4, 4 + length)));
    if (header.format !== 1) throw new Error(`unknown format ${header.format}`);
    self.postMessage({ header, buffer: raw.buffer, offset: raw.byteOffset + 4 + length }, [raw.buffer]);
  } catch (error) {
    self.postMessage({ error: error.message || String(error) });
  }
};
