"""Discord's documented limits, answered with Discord's own error shapes.

Each ``check_*`` function fills a :class:`FormErrors` with the nested ``errors`` tree Discord
returns inside ``{"code": 50035, "errors": ..., "message": "Invalid Form Body"}``, so the bot's
error handling sees the same body it would get from Discord, and a test can point at the field.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Collection, Sequence
from typing import Any

from .model import FLAG_COMPONENTS_V2, JSON

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_APPLICATION_EMOJIS = 2000
MAX_EMOJI_BYTES = 256 * 1024
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]+")
EMOJI_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp|avif);base64,(.*)", re.DOTALL)

LOCALES = frozenset(
    {
        *("id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no"),
        *("pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th"),
        *("zh-CN", "ja", "zh-TW", "ko"),
    }
)

SELECT_TYPES = frozenset({3, 5, 6, 7, 8})

Path = Sequence[str | int]


class ApiError(Exception):
    """An HTTP error answer in Discord's shape; the REST layer turns it into the response."""

    def __init__(self, status: int, body: JSON, headers: dict[str, str] | None = None) -> None:
        super().__init__(f"{status} {body}")
        self.status = status
        self.body = body
        self.headers = headers or {}


def json_error(status: int, code: int, message: str) -> ApiError:
    return ApiError(status, {"message": message, "code": code})


UNAUTHORIZED = (401, 0, "401: Unauthorized")
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
UNKNOWN_WEBHOOK = (404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
UNKNOWN_GUILD = (404, 10004, "Unknown Guild")
UNKNOWN_MEMBER = (404, 10007, "Unknown Member")
UNKNOWN_ROLE = (404, 10011, "Unknown Role")
UNKNOWN_USER = (404, 10013, "Unknown User")
UNKNOWN_APPLICATION = (404, 10002, "Unknown Application")
UNKNOWN_EMOJI = (404, 10014, "Unknown Emoji")
MAX_EMOJIS = (400, 30008, "Maximum number of emojis reached")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
EMPTY_MESSAGE = (400, 50006, "Cannot send an empty message")
MISSING_ACCESS = (403, 50001, "Missing Access")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")
CANNOT_DM = (403, 50007, "Cannot send messages to this user")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")
ENTITY_TOO_LARGE = (413, 40005, "Request entity too large")
INVALID_CHANNEL_TYPE = (400, 50024, "Cannot execute action on this channel type")
THREAD_ARCHIVED = (400, 50083, "Thread is archived")
THREAD_ALREADY_CREATED = (400, 160004, "A thread has already been created for this message")


def fail(error: tuple[int, int, str]) -> ApiError:
    return json_error(*error)


class FormErrors:
    """The nested ``errors`` object of a 50035 answer."""

    def __init__(self) -> None:
        self.tree: JSON = {}

    def __bool__(self) -> bool:
        return bool(self.tree)

    def add(self, path: Path, code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        if self.tree:
            raise ApiError(400, {"code": 50035, "errors": self.tree, "message": "Invalid Form Body"})

    def length(self, path: Path, value: Any, low: int, high: int, *, required: bool = False) -> None:
        """Discord's string/list length rule, with its messages."""
        if value is None:
            if required:
                self.add(path, "BASE_TYPE_REQUIRED", "This field is required")
            return
        if not isinstance(value, str | list):
            self.add(path, "BASE_TYPE_STRING", "Could not interpret value as string.")
            return
        size = len(value)
        if low <= size <= high:
            return
        if low == 0:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
        else:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")

    def number(self, path: Path, value: Any, low: int, high: int) -> None:
        if value is None:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            self.add(path, "NUMBER_TYPE_COERCE", f'Value "{value}" is not int.')
        elif value < low:
            self.add(path, "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {low}.")
        elif value > high:
            self.add(path, "NUMBER_TYPE_MAX", f"int value should be less than or equal to {high}.")

    def choice(self, path: Path, value: Any, allowed: Sequence[int]) -> bool:
        if value in allowed:
            return True
        shown = ", ".join(str(a) for a in allowed)
        self.add(path, "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}.")
        return False


def _embed_size(embed: JSON) -> int:
    size = len(embed.get("title") or "") + len(embed.get("description") or "")
    size += len((embed.get("footer") or {}).get("text") or "")
    size += len((embed.get("author") or {}).get("name") or "")
    for f in embed.get("fields") or []:
        size += len(f.get("name") or "") + len(f.get("value") or "")
    return size


def check_embeds(errors: FormErrors, path: Path, embeds: Any) -> None:
    if embeds is None:
        return
    errors.length([*path], embeds, 0, MAX_EMBEDS)
    if not isinstance(embeds, list):
        return
    for i, embed in enumerate(embeds):
        at = [*path, i]
        errors.length([*at, "title"], embed.get("title"), 0, 256)
        errors.length([*at, "description"], embed.get("description"), 0, 4096)
        errors.length([*at, "footer", "text"], (embed.get("footer") or {}).get("text"), 0, 2048)
        errors.length([*at, "author", "name"], (embed.get("author") or {}).get("name"), 1, 256)
        fields = embed.get("fields") or []
        errors.length([*at, "fields"], fields, 0, 25)
        for j, f in enumerate(fields):
            errors.length([*at, "fields", j, "name"], f.get("name"), 1, 256, required=True)
            errors.length([*at, "fields", j, "value"], f.get("value"), 1, 1024, required=True)
    if sum(_embed_size(e) for e in embeds) > MAX_EMBED_TOTAL:
        errors.add(path, "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}")


class _ComponentWalk:
    """Validates a message's components, keeping the state that spans them (ids, counts, text).
    ``emojis``: the custom emojis the bot may show (its application's), by id; None to let any
    through (a check made offline, without an application)."""

    def __init__(self, errors: FormErrors, emojis: Collection[int] | None = None) -> None:
        self.errors = errors
        self.emojis = emojis
        self.custom_ids: set[str] = set()
        self.count = 0
        self.text = 0

    def emoji(self, path: Path, emoji: Any) -> None:
        """A button's or an option's emoji: a custom one must be an emoji the bot can use (Discord
        names the emoji's name in its answer, whatever is wrong with it)."""
        if emoji is None:
            return
        if not isinstance(emoji, dict):
            message = "Only dictionaries may be used in a ModelType"
            self.errors.add([*path, "emoji"], "MODEL_TYPE_CONVERT", message)
            return
        custom = emoji.get("id")
        if custom is None or self.emojis is None:
            return
        if not str(custom).isdigit() or int(custom) not in self.emojis:
            self.errors.add([*path, "emoji", "name"], "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")

    def custom_id(self, path: Path, value: Any) -> None:
        self.errors.length([*path, "custom_id"], value, 1, 100, required=True)
        if isinstance(value, str):
            if value in self.custom_ids:
                self.errors.add(
                    [*path, "custom_id"],
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            self.custom_ids.add(value)

    def button(self, path: Path, button: JSON) -> None:
        e = self.errors
        if not e.choice([*path, "style"], button.get("style"), [1, 2, 3, 4, 5, 6]):
            return
        style = button["style"]
        e.length([*path, "label"], button.get("label"), 0, 80)
        if style == 5:
            e.length([*path, "url"], button.get("url"), 1, 512, required=True)
            if "custom_id" in button:
                e.add(
                    [*path, "custom_id"],
                    "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                    "A link button cannot have a custom id",
                )
        elif style != 6:
            self.custom_id(path, button.get("custom_id"))
            if "url" in button:
                e.add(
                    [*path, "url"], "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A non-link button cannot have a url"
                )
        if style != 6 and not button.get("label") and not button.get("emoji"):
            e.add(path, "BUTTON_COMPONENT_INVALID_LABEL", "A button must have a label or an emoji")
        self.emoji(path, button.get("emoji"))

    def select(self, path: Path, select: JSON) -> None:
        e = self.errors
        self.custom_id(path, select.get("custom_id"))
        e.length([*path, "placeholder"], select.get("placeholder"), 0, 150)
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        e.number([*path, "min_values"], low, 0, 25)
        e.number([*path, "max_values"], high, 1, 25)
        if select.get("type") != 3:
            return
        options = select.get("options")
        e.length([*path, "options"], options, 1, 25, required=True)
        if not isinstance(options, list):
            return
        values = set()
        for i, option in enumerate(options):
            at = [*path, "options", i]
            e.length([*at, "label"], option.get("label"), 1, 100, required=True)
            e.length([*at, "value"], option.get("value"), 1, 100, required=True)
            e.length([*at, "description"], option.get("description"), 0, 100)
            self.emoji(at, option.get("emoji"))
            if option.get("value") in values:
                e.add(
                    [*at, "value"],
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select option values must be unique",
                )
            values.add(option.get("value"))
        if isinstance(high, int) and high > len(options):
            e.add([*path, "max_values"], "BASE_TYPE_MAX", f"Must be less than or equal to {len(options)}.")

    def action_row(self, path: Path, row: JSON) -> None:
        e = self.errors
        children = row.get("components")
        e.length([*path, "components"], children, 1, MAX_ROW_BUTTONS, required=True)
        if not isinstance(children, list):
            return
        has_select = any(c.get("type") in SELECT_TYPES for c in children)
        if has_select and len(children) > 1:
            e.add(
                [*path, "components"],
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for i, child in enumerate(children):
            self.count += 1
            at = [*path, "components", i]
            if not e.choice([*at, "type"], child.get("type"), [2, *sorted(SELECT_TYPES)]):
                continue
            if child["type"] == 2:
                self.button(at, child)
            else:
                self.select(at, child)

    def v2(self, path: Path, component: JSON, allowed: Sequence[int]) -> None:
        """Components V2 layout: containers, sections and text displays around ordinary rows."""
        e = self.errors
        self.count += 1
        if not e.choice([*path, "type"], component.get("type"), allowed):
            return
        kind = component["type"]
        if kind == 1:
            self.action_row(path, component)
        elif kind == 10:
            content = component.get("content")
            e.length([*path, "content"], content, 1, MAX_V2_TEXT, required=True)
            self.text += len(content or "")
        elif kind == 9:
            texts = component.get("components")
            e.length([*path, "components"], texts, 1, 3, required=True)
            for i, text in enumerate(texts or []):
                self.v2([*path, "components", i], text, [10])
            accessory = component.get("accessory")
            if accessory is None:
                e.add([*path, "accessory"], "BASE_TYPE_REQUIRED", "This field is required")
            else:
                self.count += 1
                if (
                    e.choice([*path, "accessory", "type"], accessory.get("type"), [2, 11])
                    and accessory["type"] == 2
                ):
                    self.button([*path, "accessory"], accessory)
        elif kind == 17:
            for i, child in enumerate(component.get("components") or []):
                self.v2([*path, "components", i], child, [1, 9, 10, 12, 13, 14])
        elif kind == 12:
            items = component.get("items")
            e.length([*path, "items"], items, 1, 10, required=True)
            for i, item in enumerate(items if isinstance(items, list) else []):
                e.length([*path, "items", i, "description"], item.get("description"), 1, 1024)
                e.length(
                    [*path, "items", i, "media", "url"],
                    (item.get("media") or {}).get("url"),
                    1,
                    2048,
                    required=True,
                )


def check_components(
    errors: FormErrors, path: Path, components: Any, flags: int, emojis: Collection[int] | None = None
) -> None:
    if components is None:
        return
    if not isinstance(components, list):
        errors.add(path, "BASE_TYPE_ARRAY", "Must be an array.")
        return
    walk = _ComponentWalk(errors, emojis)
    if flags & FLAG_COMPONENTS_V2:
        for i, component in enumerate(components):
            walk.v2([*path, i], component, [1, 9, 10, 12, 13, 14, 17])
        if walk.count > MAX_V2_COMPONENTS:
            errors.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_V2_COMPONENTS} or fewer in length.")
        if walk.text > MAX_V2_TEXT:
            errors.add(
                path,
                "MAX_TEXT_DISPLAY_LENGTH",
                f"Text displays must total {MAX_V2_TEXT} or fewer characters.",
            )
        return
    errors.length(path, components, 0, MAX_ROWS)
    for i, row in enumerate(components):
        if errors.choice([*path, i, "type"], row.get("type"), [1]):
            walk.action_row([*path, i], row)


def check_message(
    errors: FormErrors,
    path: Path,
    payload: JSON,
    *,
    allowed_flags: int,
    emojis: Collection[int] | None = None,
) -> None:
    """Content, embeds, components, attachment count and flags of one message payload; a custom
    emoji on a component must be one of ``emojis`` (by id; None lets any through)."""
    flags = payload.get("flags") or 0
    content = payload.get("content")
    if content is not None:
        errors.length([*path, "content"], content, 0, MAX_CONTENT)
    check_embeds(errors, [*path, "embeds"], payload.get("embeds"))
    check_components(errors, [*path, "components"], payload.get("components"), flags, emojis)
    if flags & FLAG_COMPONENTS_V2 and (content or payload.get("embeds")):
        errors.add(
            [*path, "content"] if content else [*path, "embeds"],
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
            "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
        )
    attachments = payload.get("attachments")
    if attachments is not None:
        errors.length([*path, "attachments"], attachments, 0, MAX_FILES)
    if flags & ~allowed_flags:
        errors.add([*path, "flags"], "MESSAGE_FLAGS_INVALID", "Invalid flags for this message.")


def check_choices(errors: FormErrors, path: Path, data: JSON, kind: int) -> None:
    """Autocomplete choices (response type 8): at most 25, each a 1-100 character name and a
    value of the focused option's type (a string of at most 100 characters, or a number)."""
    choices = data.get("choices")
    errors.length([*path, "choices"], choices, 0, 25, required=True)
    for i, choice in enumerate(choices if isinstance(choices, list) else []):
        at = [*path, "choices", i]
        errors.length([*at, "name"], choice.get("name"), 1, 100, required=True)
        value = choice.get("value")
        if kind == 3:
            errors.length([*at, "value"], value, 0, 100, required=True)
        elif kind == 4:
            errors.number([*at, "value"], value, -(2**53), 2**53)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            errors.add([*at, "value"], "NUMBER_TYPE_COERCE", f'Value "{value}" is not a number.')


def check_modal(errors: FormErrors, path: Path, modal: JSON) -> None:
    """A modal (response type 9): title, custom id, 1-5 inputs, each input's own limits."""
    e = errors
    e.length([*path, "title"], modal.get("title"), 1, 45, required=True)
    e.length([*path, "custom_id"], modal.get("custom_id"), 1, 100, required=True)
    rows = modal.get("components")
    e.length([*path, "components"], rows, 1, 5, required=True)
    walk = _ComponentWalk(errors)
    for i, row in enumerate(rows or []):
        at = [*path, "components", i]
        if not e.choice([*at, "type"], row.get("type"), [1, 10, 18]):
            continue
        if row["type"] == 10:
            e.length([*at, "content"], row.get("content"), 1, MAX_V2_TEXT, required=True)
            continue
        if row["type"] == 18:
            e.length([*at, "label"], row.get("label"), 1, 45, required=True)
            e.length([*at, "description"], row.get("description"), 0, 100)
            inner, inner_at = row.get("component") or {}, [*at, "component"]
        else:
            children = row.get("components") or []
            e.length([*at, "components"], children, 1, 1, required=True)
            inner, inner_at = (children[0] if children else {}), [*at, "components", 0]
        if not e.choice([*inner_at, "type"], inner.get("type"), [4, *sorted(SELECT_TYPES)]):
            continue
        if inner["type"] != 4:
            walk.select(inner_at, inner)
            continue
        walk.custom_id(inner_at, inner.get("custom_id"))
        e.choice([*inner_at, "style"], inner.get("style"), [1, 2])
        if row["type"] == 1:
            e.length([*inner_at, "label"], inner.get("label"), 1, 45, required=True)
        e.number([*inner_at, "min_length"], inner.get("min_length"), 0, 4000)
        e.number([*inner_at, "max_length"], inner.get("max_length"), 1, 4000)
        e.length([*inner_at, "value"], inner.get("value"), 0, 4000)
        e.length([*inner_at, "placeholder"], inner.get("placeholder"), 0, 100)


def _check_name(errors: FormErrors, path: Path, name: Any, *, lower: bool) -> None:
    errors.length(path, name, 1, 32, required=True)
    if not isinstance(name, str):
        return
    if not all(ch.isalnum() or ch in "-_'" for ch in name) or (lower and name != name.lower()):
        errors.add(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _check_localizations(
    errors: FormErrors, path: Path, values: Any, low: int, high: int, *, name: bool
) -> None:
    for locale, text in (values or {}).items():
        if locale not in LOCALES:
            errors.add([*path, locale], "LOCALE_INVALID", f"Invalid locale {locale!r}.")
        elif name:
            _check_name(errors, [*path, locale], text, lower=True)
        else:
            errors.length([*path, locale], text, low, high, required=True)


def _check_options(errors: FormErrors, path: Path, options: Any, depth: int) -> None:
    """Options of a command (depth 0), of a group (1) or of a subcommand (2)."""
    e = errors
    if options is None:
        return
    e.length(path, options, 0, 25)
    seen_optional = False
    names: set[str] = set()
    for i, option in enumerate(options):
        at = [*path, i]
        if not e.choice([*at, "type"], option.get("type"), list(range(1, 12))):
            continue
        kind = option["type"]
        _check_name(e, [*at, "name"], option.get("name"), lower=True)
        _check_localizations(
            e, [*at, "name_localizations"], option.get("name_localizations"), 1, 32, name=True
        )
        e.length([*at, "description"], option.get("description"), 1, 100, required=True)
        _check_localizations(
            e, [*at, "description_localizations"], option.get("description_localizations"), 1, 100, name=False
        )
        if option.get("name") in names:
            e.add(
                [*at, "name"],
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(option.get("name"))
        if kind in (1, 2):
            if depth >= 2 or (kind == 2 and depth == 1):
                e.add(
                    [*at, "type"],
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommands cannot nest this deep",
                )
            _check_options(e, [*at, "options"], option.get("options"), depth + 1 if kind == 2 else 2)
            continue
        if depth == 1:
            e.add(
                [*at, "type"], "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "A group may only hold subcommands"
            )
        if option.get("required"):
            if seen_optional:
                e.add(
                    [*at, "required"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        choices = option.get("choices")
        if choices is not None:
            e.length([*at, "choices"], choices, 0, 25)
            for j, choice in enumerate(choices):
                e.length([*at, "choices", j, "name"], choice.get("name"), 1, 100, required=True)
                if isinstance(choice.get("value"), str):
                    e.length([*at, "choices", j, "value"], choice["value"], 1, 100)
        e.number([*at, "min_length"], option.get("min_length"), 0, 6000)
        e.number([*at, "max_length"], option.get("max_length"), 1, 6000)


def check_commands(errors: FormErrors, commands: Any) -> None:
    """A bulk overwrite: at most 100 slash commands, names unique per type, every option valid."""
    if not isinstance(commands, list):
        errors.add([], "BASE_TYPE_ARRAY", "Must be an array.")
        return
    if sum(1 for c in commands if c.get("type", 1) == 1) > 100:
        errors.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        kind = command.get("type", 1)
        if not errors.choice([i, "type"], kind, [1, 2, 3, 4]):
            continue
        _check_name(errors, [i, "name"], command.get("name"), lower=kind == 1)
        _check_localizations(
            errors, [i, "name_localizations"], command.get("name_localizations"), 1, 32, name=kind == 1
        )
        if kind == 1:
            errors.length([i, "description"], command.get("description"), 1, 100, required=True)
            _check_localizations(
                errors,
                [i, "description_localizations"],
                command.get("description_localizations"),
                1,
                100,
                name=False,
            )
        key = (kind, command.get("name"))
        if key in seen:
            errors.add(
                [i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {key[1]}",
            )
        seen.add(key)
        _check_options(errors, [i, "options"], command.get("options"), 0)


def check_emoji_name(errors: FormErrors, name: Any, taken: Collection[str]) -> None:
    """An application emoji's name: 2 to 32 letters, digits and underscores, not one of
    ``taken`` (the application's other emojis')."""
    errors.length(["name"], name, 2, 32, required=True)
    if not isinstance(name, str) or not 2 <= len(name) <= 32:
        return
    if not EMOJI_NAME.fullmatch(name):
        errors.add(["name"], "STRING_TYPE_REGEX", "String value did not match validation regex.")
    elif name in taken:
        errors.add(["name"], "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", "Application emoji name already taken")


def emoji_image(errors: FormErrors, image: Any) -> bytes:
    """An emoji's ``image``, a data URI of a PNG, JPEG, GIF, WebP or AVIF file of at most 256 KiB,
    as the file's bytes (empty, with the error added, if it is not one)."""
    found = EMOJI_IMAGE.fullmatch(image) if isinstance(image, str) else None
    if found is None:
        if image is None:
            errors.add(["image"], "BASE_TYPE_REQUIRED", "This field is required")
        else:
            errors.add(["image"], "IMAGE_INVALID", "Invalid image data")
        return b""
    try:
        data = base64.b64decode(found[2], validate=True)
    except binascii.Error:
        errors.add(["image"], "IMAGE_INVALID", "Invalid image data")
        return b""
    if len(data) > MAX_EMOJI_BYTES:
        errors.add(["image"], "BINARY_TYPE_MAX_SIZE", "File cannot be larger than 256.0 kb.")
    return data
