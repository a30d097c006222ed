"""The router's queue: realtime first, FIFO within a class, deadlines honoured."""

from __future__ import annotations

from appliance.routing import PendingQueue
from tests.appliance.routing.conftest import request


def test_due_classes_come_realtime_first_and_keep_arrival_order() -> None:
    queue = PendingQueue()
    queue.push(request("batch", request_id="b1"), retry_at_s=1.0, deadline_s=100)
    queue.push(
        request("interactive", request_id="i1", arrival_s=0.1), retry_at_s=1.0, deadline_s=100
    )
    queue.push(
        request("interactive", request_id="i2", arrival_s=0.2), retry_at_s=0.5, deadline_s=100
    )
    queue.push(request("realtime", request_id="r1"), retry_at_s=2.0, deadline_s=100)
    assert queue.due_classes(0.9) == ["interactive"]
    assert queue.due_classes(1.0) == ["interactive", "batch"]
    assert queue.due_classes(2.0) == ["realtime", "interactive", "batch"]
    head = queue.head("interactive")
    assert head is not None
    assert head.request_id == "i1"
    queue.remove(head)
    second = queue.head("interactive")
    assert second is not None
    assert second.request_id == "i2"
    assert len(queue) == 3


def test_held_class_is_not_due_until_its_retry_time() -> None:
    queue = PendingQueue()
    queue.push(request("batch", request_id="b1"), retry_at_s=0.0, deadline_s=100)
    queue.hold("batch", 5.0)
    assert queue.due_classes(4.9) == []
    assert queue.next_due_s() == 5.0


def test_overdue_requests_leave_whatever_their_place() -> None:
    queue = PendingQueue()
    queue.push(request("batch", request_id="b1"), retry_at_s=0.0, deadline_s=100)
    queue.push(request("batch", request_id="b2"), retry_at_s=0.0, deadline_s=3)
    assert [item.request_id for item in queue.overdue(3.0)] == ["b2"]
    assert queue.overdue(3.0) == []
    assert [item.request_id for item in queue.drain()] == ["b1", "b2"]
    assert len(queue) == 0
    assert queue.next_due_s() is None
