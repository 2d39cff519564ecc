"""Fixtures shared by the widget tests."""

import comm
import pytest


class RecordingComm(comm.DummyComm):
    """A comm that keeps what it would send to the browser."""

    sent: list = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        RecordingComm.sent.append((msg_type, data))


@pytest.fixture
def sent(monkeypatch):
    """Every comm message of widgets created in the test: (msg_type, data)."""
    RecordingComm.sent = []
    monkeypatch.setattr(comm, "create_comm", RecordingComm)
    return RecordingComm.sent
