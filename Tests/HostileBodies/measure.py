#!/usr/bin/env python3
"""Peak memory of a JSONKit server per hostile request body (the article "Hostile request
bodies" prints the table this writes).

For each case, starts the test binary's hostile-body server alone (`swift test` must have
built it), under `/usr/bin/time -f %M`, sends the body over a socket on 127.0.0.1, reads
the reply, stops the server and reads its peak resident memory.

    python3 Tests/HostileBodies/measure.py .build/debug/JSONKitPackageTests.xctest vapor
    python3 Tests/HostileBodies/measure.py .build/debug/JSONKitPackageTests.xctest hummingbird
"""
import os
import socket
import subprocess
import sys
import tempfile
import time

FILTERS = {
    "vapor": "VaporTests/HostileServer",
    "hummingbird": "HummingbirdHostileServer",
}

MIB = 1024 * 1024


def chunks(parts):
    """Yields the body in pieces of at most 1 MiB."""
    for part in parts:
        if isinstance(part, tuple):  # (byte, count): `count` copies of one byte
            byte, count = part
            while count > 0:
                n = min(count, MIB)
                yield byte * n
                count -= n
        else:
            yield part


def length(parts):
    return sum(p[1] if isinstance(p, tuple) else len(p) for p in parts)


def many_keys():
    return [b'{"id": 7' + b"".join(b', "k%d": 0' % i for i in range(999_999)) + b"}"]


CASES = [
    # name, path, body parts, delay between pieces (seconds)
    ("baseline: a small valid body", "/ping", [b"{}"], 0),
    ("truncated JSON", "/decode", [b'{"id": 7, "items": ["a"'], 0),
    ("invalid UTF-8", "/decode", [b'{"id": 7, "s": "\xc3\x28"}'], 0),
    ("lone surrogate escape", "/decode", [b'{"id": 7, "s": "\\ud800"}'], 0),
    ("1,000,000-deep nest, collected", "/decode", [(b"[", 1_000_000)], 0),
    ("1,000,000-deep nest, collected (32 MB limit)", "/decode/big", [(b"[", 1_000_000)], 0),
    ("1,000,000-deep nest, streamed", "/events", [(b"[", 1_000_000)], 0),
    ("100,000-digit number, collected", "/decode", [b'{"id": 1', (b"7", 99_999), b"}"], 0),
    ("100,000-digit number, collected (32 MB limit)", "/decode/big",
     [b'{"id": 1', (b"7", 99_999), b"}"], 0),
    ("100,000-digit number, streamed", "/events/decoded", [b'{"n": 1', (b"7", 99_999), b"}"], 0),
    ("1,000,000 keys, collected", "/decode", many_keys(), 0),
    ("1,000,000 keys, collected (32 MB limit)", "/decode/big", many_keys(), 0),
    ("1,000,000 keys, streamed", "/events", many_keys(), 0),
    ("malformed NDJSON, streamed", "/events", [b'{"n": 1}\n{"n": 2,}\n{"n": 3}\n'], 0),
    ("one 256 MiB value, streamed", "/events", [b'{"s": "', (b"v", 256 * MIB), b'"}'], 0),
    ("slow client: 200 NDJSON lines, one per 10 ms, streamed", "/events",
     [b'{"n": %d}\n' % i for i in range(200)], 0.01),
]


def exchange(port, path, parts, delay):
    """Sends one request; returns (status, reply body)."""
    sock = socket.create_connection(("127.0.0.1", port))
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length(parts)}\r\nConnection: close\r\n\r\n"
    ).encode()
    try:
        sock.sendall(head)
        for piece in chunks(parts):
            sock.sendall(piece)
            if delay:
                time.sleep(delay)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered early (413) and closed: read what it said
    reply = b""
    try:
        sock.settimeout(120)
        while True:
            data = sock.recv(65536)
            if not data:
                break
            reply += data
    except (ConnectionResetError, socket.timeout):
        pass
    sock.close()
    head, _, body = reply.partition(b"\r\n\r\n")
    status = head.split(b" ")[1].decode() if head else "no reply"
    return status, body


def run(binary, framework, case):
    name, path, parts, delay = case
    with tempfile.TemporaryDirectory() as directory:
        port_file = os.path.join(directory, "port")
        peak_file = os.path.join(directory, "peak")
        env = dict(os.environ, JSONKIT_HOSTILE_PORT_FILE=port_file)
        server = subprocess.Popen(
            ["/usr/bin/time", "-f", "%M", "-o", peak_file, binary,
             "--testing-library", "swift-testing", "--filter", FILTERS[framework]],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 120
        while not (os.path.exists(port_file) and open(port_file).read()):
            if time.time() > deadline or server.poll() is not None:
                raise SystemExit(f"{framework}: the server did not start")
            time.sleep(0.05)
        port = int(open(port_file).read())
        status, body = exchange(port, path, parts, delay)
        os.remove(port_file)
        server.wait(timeout=120)
        peak_kib = int(open(peak_file).read().split()[-1])
    text = body.decode("utf-8", "replace").replace("|", "\\|").replace("\n", " ")
    return name, status, text[:150] + ("…" if len(text) > 150 else ""), len(body), peak_kib


def main():
    binary, framework = sys.argv[1], sys.argv[2]
    print(f"| case | status | reply (first 150 characters) | reply bytes | peak RSS |")
    print("|---|--:|---|--:|--:|")
    for case in CASES:
        if framework == "hummingbird" and "32 MB limit" in case[0]:
            continue  # Hummingbird's limit is per context; the 2 MiB one is measured
        name, status, text, size, peak = run(binary, framework, case)
        print(f"| {name} | {status} | `{text}` | {size} | {peak / 1024:.0f} MiB |", flush=True)


if __name__ == "__main__":
    main()
