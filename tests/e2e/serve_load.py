"""Loopback load for tests/e2e/e2e_serve_load.sh: each mode puts `klotski serve` (at URL)
under one kind of pressure and prints what the script compares, one line.  Every wait
is bounded; every socket is closed at the end.

  mixed URL SECONDS FAST SLOW...  SLOW paths asked over and over, each by a client of
                                  its own (a 503 answer waits 50 ms before the next
                                  ask), while one client asks FAST over and over for
                                  SECONDS: prints "COUNT P50_MS P99_MS" of its answers
                                  (each a 200, else "failed STATUS")
  abandon URL PATH SECONDS [N]    asks PATH on N connections (1), prints "sent",
                                  hangs up on them all after SECONDS without reading
  idle URL COUNT SECONDS          opens COUNT connections from 127.0.0.1 that send
                                  nothing, then asks /api/layout?layout=1A9BF0C00 from
                                  127.0.0.2 and prints its status and seconds
"""
import http.client
import resource
import socket
import sys
import threading
import time
import urllib.parse

TIMEOUT_S = 30


def connection(url, source=None):
    parts = urllib.parse.urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=TIMEOUT_S,
                                      source_address=(source, 0) if source else None)


def ask(conn, path):
    conn.request('GET', path)
    response = conn.getresponse()
    response.read()
    return response.status


def mixed(url, seconds, fast, slow_paths):
    stop = threading.Event()

    def slow_client(path):
        conn = connection(url)
        while not stop.is_set():
            try:
                if ask(conn, path) == 503:
                    time.sleep(0.05)
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = connection(url)
        conn.close()

    clients = [threading.Thread(target=slow_client, args=(p,)) for p in slow_paths]
    for c in clients:
        c.start()
    time.sleep(0.5)  # the slow requests are under way
    conn = connection(url)
    times = []
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            start = time.monotonic()
            status = ask(conn, fast)
            if status != 200:
                print('failed', status)
                return
            times.append(time.monotonic() - start)
    finally:
        stop.set()
        conn.close()
        for c in clients:
            c.join(TIMEOUT_S)
    times.sort()
    print(len(times), round(1000 * times[len(times) // 2], 1), round(1000 * times[len(times) * 99 // 100], 1))


def abandon(url, path, seconds, count=1):
    parts = urllib.parse.urlsplit(url)
    sockets = [socket.create_connection((parts.hostname, parts.port), timeout=TIMEOUT_S) for _ in range(count)]
    try:
        for s in sockets:
            s.sendall(('GET %s HTTP/1.1\r\nHost: %s\r\n\r\n' % (path, parts.netloc)).encode())
        print('sent', flush=True)
        time.sleep(seconds)
    finally:
        for s in sockets:
            s.close()


def idle(url, count, seconds):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, count + 64)), hard))
    parts = urllib.parse.urlsplit(url)
    held = []
    try:
        for _ in range(count):
            s = socket.socket()
            s.settimeout(TIMEOUT_S)
            s.bind(('127.0.0.1', 0))
            s.connect((parts.hostname, parts.port))
            held.append(s)
        time.sleep(seconds)  # the server has accepted (or refused) them all
        start = time.monotonic()
        conn = connection(url, '127.0.0.2')
        try:
            status = ask(conn, '/api/layout?layout=1A9BF0C00')
        except (OSError, http.client.HTTPException) as e:
            status = type(e).__name__
        conn.close()
        print(status, round(time.monotonic() - start, 1))
    finally:
        for s in held:
            s.close()


if __name__ == '__main__':
    mode, url = sys.argv[1], sys.argv[2]
    if mode == 'mixed':
        mixed(url, float(sys.argv[3]), sys.argv[4], sys.argv[5:])
    elif mode == 'abandon':
        abandon(url, sys.argv[3], float(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    elif mode == 'idle':
        idle(url, int(sys.argv[3]), float(sys.argv[4]))
    else:
        sys.exit('serve_load.py: no mode ' + mode)
