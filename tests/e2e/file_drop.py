"""A file dropped on the program's window the way a file manager drops it: the XDND
protocol (freedesktop.org's drag-and-drop, version 5), which SDL turns into SDL_DROPFILE.

This helper is the drag source: it owns the XdndSelection, sends the window XdndEnter
(offering text/uri-list), XdndPosition over the point, waits for the window's XdndStatus,
sends XdndDrop, answers the window's request for the selection with the file's URI, and
waits for XdndFinished. Uses python3-xlib (a Debian package, .ci/install-deps)."""
import time
from pathlib import Path

from Xlib import X, display as xdisplay
from Xlib.protocol import event

XDND_VERSION = 5


def drop_file(display_name, window, x, y, path, timeout=10.0):
    """Drops `path` on `window` (an X window id) at window point (x, y); returns when the
    window said it finished (or raises after `timeout` seconds)."""
    d = xdisplay.Display(display_name)
    try:
        atom = lambda name: d.intern_atom(name)  # noqa: E731
        target = d.create_resource_object("window", window)
        source = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
        uri_list = atom("text/uri-list")
        selection = atom("XdndSelection")
        source.set_selection_owner(selection, X.CurrentTime)
        # The point in root coordinates, as the protocol has it.
        origin = target.translate_coords(d.screen().root, 0, 0)  # the root's origin in the window
        at = ((int(x) - origin.x) << 16) | (int(y) - origin.y)

        def send(kind, data):
            message = event.ClientMessage(window=target, client_type=atom(kind), data=(32, data))
            target.send_event(message)
            d.flush()

        def wait_for(kind, handle_requests=True):
            end = time.time() + timeout
            while time.time() < end:
                while d.pending_events():
                    e = d.next_event()
                    if e.type == X.ClientMessage and e.client_type == atom(kind):
                        return e
                    if handle_requests and e.type == X.SelectionRequest:
                        answer(e)
                time.sleep(0.01)
            raise AssertionError(f"no {kind} from the window within {timeout} s")

        def answer(request):
            """The window asks for the dropped data: the file's URI, in the property it named."""
            uri = Path(path).absolute().as_uri() + "\r\n"
            prop = request.property or request.target
            if request.target == uri_list:
                request.requestor.change_property(prop, uri_list, 8, uri.encode())
            else:
                prop = X.NONE
            reply = event.SelectionNotify(time=request.time, requestor=request.requestor, selection=request.selection,
                                          target=request.target, property=prop)
            request.requestor.send_event(reply)
            d.flush()

        send("XdndEnter", [source.id, XDND_VERSION << 24, uri_list, 0, 0])
        send("XdndPosition", [source.id, 0, at, X.CurrentTime, atom("XdndActionCopy")])
        status = wait_for("XdndStatus")
        if not status.data[1][1] & 1:
            raise AssertionError("the window does not accept the drop")
        send("XdndDrop", [source.id, 0, X.CurrentTime, 0, 0])
        wait_for("XdndFinished")
    finally:
        d.close()
