"""Times as the database keeps them: UTC text of fixed width, so comparing the text compares
the times (in SQL too), and the same text on every driver."""

from datetime import UTC, datetime

FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def db_time(moment: datetime) -> str:
    """``moment`` (timezone-aware) as stored."""
    return moment.astimezone(UTC).strftime(FORMAT)


def from_db_time(text: str) -> datetime:
    """A stored time back as an aware UTC datetime."""
    return datetime.strptime(text, FORMAT).replace(tzinfo=UTC)
