"""python3 bench/peer/promo_agent_bench.py DIR [ROUNDS]: udirno/gmail-promo-agent's extract_promos over DIR's .eml
and .mbox messages, repeated to 5,000 a round, on one core (one thread). Each message is parsed with the standard
library's email package (compat32), its text/* parts are concatenated in order as the agent's parse_email does, HTML
turned to text with html.parser (script and style dropped, text pieces stripped and joined by one space, like
BeautifulSoup's get_text(separator=' ', strip=True) that the agent uses), then extract_promos(text, subject, sender)
runs. The timing includes the MIME parse and the HTML, as our bench's does.

The agent's code is not part of this repository: PEER_DIR (default: this file's folder) must hold its promo_parser.py
(docs/extraction-measurement.md says which file and how it was run)."""
import email
import mailbox
import os
import statistics
import sys
import time
from email.header import decode_header, make_header
from html.parser import HTMLParser

sys.path.insert(0, os.environ.get("PEER_DIR") or os.path.dirname(os.path.abspath(__file__)))
from promo_parser import extract_promos  # noqa: E402

TARGET = 5000


class TextOf(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            stripped = data.strip()
            if stripped:
                self.pieces.append(stripped)


def html_text(html):
    parser = TextOf()
    parser.feed(html)
    parser.close()
    return " ".join(parser.pieces)


def read(paths):
    raws = []
    for path in paths:
        names = sorted(os.listdir(path)) if os.path.isdir(path) else [path]
        for name in names:
            file = os.path.join(path, name) if os.path.isdir(path) else name
            if file.endswith(".eml"):
                with open(file, "rb") as handle:
                    raws.append(handle.read())
            elif file.endswith(".mbox"):
                for message in mailbox.mbox(file):
                    raws.append(message.as_bytes())
    return raws


def header(message, name):
    value = message.get(name)
    return str(make_header(decode_header(value))) if value else ""


def extract(raw):
    # The standard library's older (compat32) email API: the agent itself gets parts already split by Gmail's API,
    # and the newer policy's header objects would triple the peer's time without being its work.
    message = email.message_from_bytes(raw)
    text = ""
    for part in message.walk():
        content_type = part.get_content_type()
        if part.is_multipart() or not content_type.startswith("text/"):
            continue
        payload = part.get_payload(decode=True) or b""
        try:
            content = payload.decode(part.get_content_charset() or "utf-8", errors="ignore")
        except LookupError:
            content = payload.decode("utf-8", errors="ignore")
        text += html_text(content) if content_type == "text/html" else content
    return extract_promos(text, header(message, "subject"), header(message, "from"))


def main(args):
    paths = [arg for arg in args if not arg.isdigit()]
    rounds = int(next((arg for arg in args if arg.isdigit()), 3))
    raws = read(paths)
    for raw in raws:
        extract(raw)
    load = lambda: " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"python {sys.version.split()[0]}, one thread, load before: {load()}")
    rates = []
    for index in range(1, rounds + 1):
        started, cpu_started, promos = time.perf_counter(), time.process_time(), 0
        for count in range(TARGET):
            promos += len(extract(raws[count % len(raws)]))
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        rates.append(TARGET / seconds)
        print(f"round {index}: {TARGET} messages ({len(raws)} distinct, {promos} promos) in {seconds:.2f} s wall, {cpu:.2f} s CPU: "
              f"{TARGET / seconds:.0f} messages/s ({TARGET / cpu:.0f} per CPU second), load {load()}")
    print(f"messages per second on one core: best {max(rates):.0f}, median {statistics.median(rates):.0f}")


main(sys.argv[1:])
