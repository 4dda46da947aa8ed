"""corpus.xmlio parses hostile XML without reaching outside: no external entities, no DTD, no network."""

import http.server
import threading

import pytest
from lxml import etree

from corpus import xmlio


@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_text("TOP-SECRET-CONTENT")
    return path


@pytest.fixture
def server():
    """A local HTTP server that records every request made to it."""
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            requests.append(self.path)
            body = b'<!ENTITY remote "FETCHED-FROM-NETWORK">'
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", requests
    httpd.shutdown()
    httpd.server_close()


def serialised(root: etree._Element) -> str:
    return etree.tostring(root, encoding="unicode")


def test_an_external_file_entity_is_not_resolved(secret, tmp_path):
    data = f'<?xml version="1.0"?><!DOCTYPE act [<!ENTITY leak SYSTEM "{secret.as_uri()}">]><act>&leak;</act>'
    path = tmp_path / "hostile.xml"
    path.write_text(data)
    for root in (xmlio.parse_bytes(data.encode()), xmlio.parse(path).getroot()):
        assert "TOP-SECRET-CONTENT" not in serialised(root)
        assert "".join(root.itertext()) == "&leak;"  # left as an unresolved reference


def test_an_external_dtd_is_not_loaded(tmp_path):
    (tmp_path / "evil.dtd").write_text('<!ATTLIST act injected CDATA "from-the-dtd">')
    path = tmp_path / "hostile.xml"
    path.write_text('<?xml version="1.0"?><!DOCTYPE act SYSTEM "evil.dtd"><act/>')
    assert xmlio.parse(path).getroot().get("injected") is None


def test_nothing_is_fetched_over_the_network(server):
    url, requests = server
    data = (
        f'<?xml version="1.0"?><!DOCTYPE act SYSTEM "{url}/a.dtd" [<!ENTITY % r SYSTEM "{url}/r.ent"> %r;'
        f'<!ENTITY net SYSTEM "{url}/net.txt">]><act>&net;</act>'
    ).encode()
    root = xmlio.parse_bytes(data)
    assert "FETCHED-FROM-NETWORK" not in serialised(root)
    assert requests == []


def test_internal_entities_are_not_expanded():
    data = b'<?xml version="1.0"?><!DOCTYPE act [<!ENTITY ha "ha-ha">]><act>&ha;</act>'
    assert "ha-ha" not in "".join(xmlio.parse_bytes(data).itertext())


def test_a_billion_laughs_is_refused_not_expanded():
    # each level multiplies the one below by ten: 10**9 copies if it were expanded
    levels = "".join(f'<!ENTITY l{i} "{"&l%d;" % (i - 1) * 10}">' for i in range(1, 10))
    data = f'<?xml version="1.0"?><!DOCTYPE act [<!ENTITY l0 "ha">{levels}]><act>&l9;</act>'.encode()
    with pytest.raises(etree.XMLSyntaxError, match="amplification"):
        xmlio.parse_bytes(data)
