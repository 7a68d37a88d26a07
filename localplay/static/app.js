// The local page: a server of the offline Discord shown as Discord's client shows it, close
// enough to judge the bot by. Plain JavaScript, no framework and no build step: the page must
// run from the files the bot serves, with no network.
//
// Everything the bot wrote is text until proven otherwise: it is put in the page with
// textContent, or through markdown() which escapes it before adding any markup of its own. Its
// emoji are pictures, as on Discord (withEmoji(), emojify()), made from the text's characters.
"use strict";

// ---------------------------------------------------------------------------------------------
// State

const state = {
  world: null, // GET /api/world
  member: null, // id of the member we act and see as
  channel: null, // id of the channel shown
  messages: new Map(), // id -> message JSON of the channel shown, as last received
  parent: null, // an open thread's channel, shown beside it: {id, messages}
  pending: new Set(), // "messageId:customId" of presses waiting for the server's answer
  errors: new Map(), // messageId -> text of the last refused action, shown for a while
  dismissed: new Set(JSON.parse(localStorage.getItem("dismissed") || "[]")), // ephemerals hidden
  unread: new Set(), // channel ids with news since last looked at
  problems: [],
  socket: null,
  stickToBottom: true,
  command: null, // the command being composed: {path, leaf, fields}
};

const IS_COMPONENTS_V2 = 1 << 15;
const LOADING = 1 << 7; // "GameNight is thinking…"
const $ = (id) => document.getElementById(id);

// Small DOM helper: el("div", {class: "x", onclick: f}, child, "text"...). Strings become text
// nodes, never markup.
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function roleName(id) {
  const role = state.world?.roles.find((r) => r.id === id);
  return role ? role.name.replace(/^@/, "") : "deleted-role";
}
function member(id) {
  return state.world?.members.find((m) => m.id === id);
}
function channel(id) {
  return state.world?.channels.find((c) => c.id === id);
}
function locale() {
  return member(state.member)?.locale || "en-US";
}

// ---------------------------------------------------------------------------------------------
// Talking to the back end

async function getJSON(url) {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return response.json();
}

// An action (command, press, choose, modal): its answer is {ok}, {ok:false, error} or
// {ok, modal}. A network failure or a server error reads as a refusal with its reason.
async function act(path, body) {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ member: state.member, channel: state.channel, ...body }),
    });
    const text = await response.text();
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = { ok: false, error: `${response.status}: ${text.slice(0, 200)}` };
    }
    if (answer.ok && answer.modal) openModal(answer.modal);
    return answer;
  } catch (error) {
    return { ok: false, error: `The page could not reach the bot: ${error.message}` };
  }
}

async function loadWorld() {
  state.world = await getJSON("/api/world");
  $("guild-name").textContent = state.world.guild.name;
  document.title = `${state.world.guild.name} · offline Discord`;
  $("open-warning").hidden = !state.world.open_to_network;
  $("waits").hidden = false;
  state.problems = [...state.world.problems];
  renderProblems();
  renderMembers();
}

async function loadMessages() {
  const wanted = `${state.member}/${state.channel}`;
  const { messages } = await getJSON(
    `/api/messages?member=${encodeURIComponent(state.member)}&channel=${encodeURIComponent(state.channel)}`,
  );
  if (wanted !== `${state.member}/${state.channel}`) return; // switched meanwhile
  state.messages = new Map(messages.map((m) => [m.id, m]));
  renderAllMessages();
  // Which view the messages shown belong to (a member and a channel), for whoever waits on it.
  document.body.dataset.view = wanted;
  await loadParent(wanted);
}

// A thread opens beside its channel, as on Discord's desktop client: the channel's messages
// stay shown in a pane of their own (on a phone's width the thread takes the screen, as there).
async function loadParent(wanted) {
  const thread = channel(state.channel);
  const parent = thread?.kind === "thread" ? channel(thread.parent_id) : null;
  document.body.classList.toggle("thread-open", Boolean(parent));
  $("parent-pane").hidden = !parent;
  if (!parent) {
    state.parent = null;
    return;
  }
  const { messages } = await getJSON(
    `/api/messages?member=${encodeURIComponent(state.member)}&channel=${encodeURIComponent(parent.id)}`,
  );
  if (wanted !== `${state.member}/${state.channel}`) return; // switched meanwhile
  state.parent = { id: parent.id, messages: new Map(messages.map((m) => [m.id, m])) };
  $("parent-pane").setAttribute("aria-label", `#${parent.name}`);
  $("parent-title").textContent = `# ${parent.name}`;
  renderParent();
}

function renderParent() {
  const shown = [...state.parent.messages.values()].filter(visible).sort((a, b) => byId(a.id, b.id));
  $("parent-messages").replaceChildren(...shown.map(renderMessage));
  $("parent-messages").scrollTop = $("parent-messages").scrollHeight;
}

// The live feed: one WebSocket per member (it carries that member's ephemeral messages), opened
// again with a growing delay if it drops; whatever was missed meanwhile is fetched again.
let reconnectDelay = 500;
function connect() {
  const forMember = state.member;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/live?member=${encodeURIComponent(forMember)}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    reconnectDelay = 500;
    document.body.classList.remove("offline");
  });
  socket.addEventListener("message", (event) => {
    // A socket being replaced may still deliver: its events are another member's (their private
    // messages among them), so only the current socket's count.
    if (state.socket === socket) onLive(JSON.parse(event.data));
  });
  socket.addEventListener("close", () => {
    if (state.socket !== socket) return; // replaced on purpose (member switched)
    document.body.classList.add("offline");
    setTimeout(async () => {
      if (state.socket !== socket) return;
      try {
        await loadWorld();
        renderChannels();
        await loadMessages();
      } catch {
        /* still down: the next attempt will tell */
      }
      connect();
    }, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 10000);
  });
}

function reconnect() {
  const old = state.socket;
  state.socket = null;
  if (old) old.close();
  connect();
}

function onLive(event) {
  switch (event.type) {
    case "message":
      if (event.channel_id === state.channel) upsertMessage(event.message);
      else if (event.channel_id === state.parent?.id) {
        state.parent.messages.set(event.message.id, event.message);
        renderParent();
      } else markUnread(event.channel_id);
      break;
    case "delete":
      if (event.channel_id === state.channel) removeMessage(event.id);
      else if (event.channel_id === state.parent?.id) {
        state.parent.messages.delete(event.id);
        renderParent();
      }
      break;
    case "channels":
      state.world.channels = event.channels;
      renderChannels();
      renderChannelTitle();
      break;
    case "problem":
      state.problems.push(event.text);
      renderProblems();
      announce(`Request refused: ${event.text}`);
      break;
    case "commands":
      loadWorld().then(() => renderCommandList());
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Where we are: member and channel, kept in the address (#member=..&channel=..) so a reload or
// a bookmark comes back to the same view, and in localStorage for a bare address.

function readLocation() {
  const params = new URLSearchParams(location.hash.slice(1));
  return {
    member: params.get("member") || localStorage.getItem("member"),
    channel: params.get("channel") || localStorage.getItem("channel"),
  };
}

function writeLocation() {
  localStorage.setItem("member", state.member);
  localStorage.setItem("channel", state.channel);
  const hash = `#member=${state.member}&channel=${state.channel}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

async function go({ member: memberId, channel: channelId }) {
  const members = state.world.members;
  const texts = state.world.channels.filter((c) => c.kind === "text");
  const newMember = member(memberId) ? memberId : members[0]?.id;
  const newChannel = channel(channelId) ? channelId : texts[0]?.id;
  const memberChanged = newMember !== state.member;
  const channelChanged = newChannel !== state.channel;
  state.member = newMember;
  state.channel = newChannel;
  writeLocation();
  if (!memberChanged && !channelChanged) return;
  state.unread.delete(newChannel);
  $("member").value = state.member;
  document.documentElement.lang = locale();
  applyPageWords();
  renderChannels();
  renderChannelTitle();
  if (memberChanged) {
    renderCommandList();
    if (state.command) chooseCommand(state.command.path, { keepValues: true });
    reconnect();
  }
  state.stickToBottom = true;
  await loadMessages();
}

// ---------------------------------------------------------------------------------------------
// Sidebar: channels with their threads, members, problems

function renderChannels() {
  const list = $("channels");
  list.replaceChildren();
  const all = state.world.channels;
  for (const text of all.filter((c) => c.kind === "text")) {
    list.append(channelLink(text, "#"));
    const threads = all.filter((c) => c.kind === "thread" && c.parent_id === text.id);
    // Active threads under their channel, as Discord lists them; archived ones (a finished
    // table's) apart, newest first, behind a fold, unless one is open.
    for (const thread of threads.filter((t) => !t.archived || t.id === state.channel)) {
      list.append(channelLink(thread, "↳"));
    }
    const archived = threads.filter((t) => t.archived && t.id !== state.channel).reverse();
    if (archived.length) {
      list.append(
        el(
          "details",
          { class: "archived-threads", role: "listitem" },
          el("summary", {}, say("archived_threads", { count: archived.length })),
          ...archived.map((thread) => channelLink(thread, "↳")),
        ),
      );
    }
  }
}

function channelLink(c, mark) {
  const classes = ["channel", c.kind];
  if (c.archived) classes.push("archived");
  if (c.id === state.channel) classes.push("current");
  if (state.unread.has(c.id)) classes.push("unread");
  return el(
    "a",
    {
      class: classes.join(" "),
      role: "listitem",
      href: `#member=${state.member}&channel=${c.id}`,
      title: c.archived ? `${c.name} (archived)` : c.name,
      "aria-current": c.id === state.channel ? "page" : null,
      dataset: { channel: c.id },
      onclick: (event) => {
        event.preventDefault();
        closeSidebar();
        go({ member: state.member, channel: c.id });
      },
    },
    el("span", { class: "mark", "aria-hidden": "true" }, mark),
    el("span", { class: "name" }, withEmoji(c.name)),
  );
}

function markUnread(channelId) {
  if (!channel(channelId)) return;
  state.unread.add(channelId);
  renderChannels();
}

function renderChannelTitle() {
  const c = channel(state.channel);
  $("channel-name").replaceChildren(...(c ? withEmoji(c.name) : []));
  $("channel-title").querySelector(".hash").textContent = c?.kind === "thread" ? "↳ " : "# ";
  $("channel-title").classList.toggle("archived", Boolean(c?.archived));
  // An archived thread's composer says so, as Discord's does: a message would reopen it.
  $("archived-note").hidden = !c?.archived;
  $("composer").classList.toggle("archived", Boolean(c?.archived));
}

// A language's name in that language ("español (España)"), as a member would say it.
function languageName(code) {
  try {
    return new Intl.DisplayNames([code], { type: "language" }).of(code);
  } catch {
    return code;
  }
}

function renderMembers() {
  const select = $("member");
  select.replaceChildren(
    ...state.world.members.map((m) =>
      // Short enough for the menu at a phone's width; the language's name in full as its title.
      el(
        "option",
        { value: m.id, title: languageName(m.locale) },
        `${m.name} · ${m.locale}${m.moderator ? ` · ${say("moderator")}` : ""}`,
      ),
    ),
  );
  if (state.member) select.value = state.member;
}

function renderProblems() {
  const list = $("problems");
  list.replaceChildren(...state.problems.map((text) => el("li", {}, text)));
  const count = state.problems.length;
  $("problem-count").textContent = count;
  $("problems-area").classList.toggle("has-problems", count > 0);
  const badge = $("menu-badge");
  badge.hidden = count === 0;
  badge.textContent = count;
}

// Below 760 px the sidebar is a drawer behind the menu button.
function openSidebar() {
  document.body.classList.add("sidebar-open");
  $("menu-button").setAttribute("aria-expanded", "true");
  $("scrim").hidden = false;
}
function closeSidebar() {
  document.body.classList.remove("sidebar-open");
  $("menu-button").setAttribute("aria-expanded", "false");
  $("scrim").hidden = true;
}

// ---------------------------------------------------------------------------------------------
// Messages

function visible(message) {
  return !(message.ephemeral && state.dismissed.has(message.id));
}

// Snowflakes are 64-bit: compare them as BigInt so that order is the order they were made.
function byId(a, b) {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function renderAllMessages() {
  const box = $("messages");
  const shown = [...state.messages.values()].filter(visible).sort((a, b) => byId(a.id, b.id));
  box.replaceChildren(...shown.map(renderMessage));
  if (!shown.length) box.append(el("p", { class: "status" }, "No messages here yet. Type / below to run a command."));
  regroup();
  scrollToBottom(true);
}

function upsertMessage(message) {
  const box = $("messages");
  const wasAtBottom = state.stickToBottom;
  state.messages.set(message.id, message);
  const old = box.querySelector(`[data-message="${message.id}"]`);
  if (!visible(message)) {
    old?.remove();
    return;
  }
  const node = renderMessage(message);
  if (old) {
    const focused = old.contains(document.activeElement) ? document.activeElement.dataset.focus || "" : null;
    old.replaceWith(node);
    if (focused !== null) refocus(node, focused);
  } else {
    box.querySelector(".status")?.remove();
    // Insert in id order (an edit of an older message is replaced above; new ones go last).
    const after = [...box.querySelectorAll("[data-message]")].find((n) => byId(n.dataset.message, message.id) > 0);
    box.insertBefore(node, after || null);
    if (!wasAtBottom) $("jump").hidden = false;
    announce(`${displayName(message.author || { id: "0", username: "?" })}: ${firstLine(node)}`);
  }
  regroup();
  if (wasAtBottom) scrollToBottom();
}

// A message redrawn while the focus was in it (a button pressed with Enter is redrawn pending,
// then edited) gives the focus back to the same control in the new drawing, else to the
// message itself: the focus never falls back to the page's top.
function refocus(node, key) {
  const same = key ? node.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  if (same && !same.disabled) {
    same.focus();
    return;
  }
  node.tabIndex = -1;
  node.focus();
}

// The list of messages is no live region (each redraw of a table would be read out in full):
// one short line per new message is said instead, through the one live region of the page.
function announce(text) {
  $("announcer").textContent = text;
}

// A new message in a line: its first line of text, cut short.
function firstLine(node) {
  const first = node.querySelector(".body .markdown > *, .body .thinking");
  const text = (first?.textContent || "a new message").trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

function removeMessage(id) {
  state.messages.delete(id);
  $("messages").querySelector(`[data-message="${id}"]`)?.remove();
  regroup();
}

// Discord shows one header for a run of messages by one author within 7 minutes.
function regroup() {
  let previous = null;
  for (const node of $("messages").querySelectorAll("[data-message]")) {
    const continued =
      previous &&
      previous.dataset.author === node.dataset.author &&
      node.dataset.replyTo === "" &&
      Number(node.dataset.time) - Number(previous.dataset.time) < 7 * 60 * 1000;
    node.classList.toggle("continued", Boolean(continued));
    previous = node;
  }
}

function isAtBottom() {
  const box = $("messages");
  return box.scrollHeight - box.scrollTop - box.clientHeight < 48;
}

function scrollToBottom(force = false) {
  if (!force && !state.stickToBottom) return;
  const box = $("messages");
  box.scrollTop = box.scrollHeight;
  state.stickToBottom = true;
  $("jump").hidden = true;
}

function avatar(user) {
  // Discord's default avatars are coloured by user; here a colour from the id and an initial.
  const hues = [235, 0, 145, 30, 330, 200];
  const hue = user.bot ? 235 : hues[Number(BigInt(user.id) % 6n)];
  const name = displayName(user);
  return el(
    "div",
    { class: "avatar", style: `background: hsl(${hue} 70% ${user.bot ? 63 : 45}%)`, "aria-hidden": "true" },
    // Letters, not emoji: a machine without an emoji font would show an empty box.
    user.bot ? "GN" : [...name][0]?.toUpperCase() || "?",
  );
}

function displayName(user) {
  const known = member(user.id);
  return known?.name || user.global_name || user.username;
}

// "Ana used /toppo start" in the page's language, the name and the command set apart.
function usedWords(name, command) {
  const [before, between, after] = say("used", { name: "\u0000", command: "\u0000" }).split("\u0000");
  return [
    before,
    el("span", { class: "used-name" }, name),
    between,
    el("span", { class: "used-command" }, command),
    after,
  ].filter((part) => part !== "");
}

// The page's frame in the acting member's language (words.js); what the bot writes is its own.
function applyPageWords() {
  $("banner")
    .querySelector("p")
    .replaceChildren(
      el("strong", {}, say("banner_title")),
      " ",
      say("banner_body"),
      " ",
      el("span", { class: "wide-only" }, say("banner_pick")),
    );
  $("waits").textContent = say("waits", { minutes: state.world.wait_minutes });
  $("open-warning").textContent = say("open_warning");
  $("problems-area").querySelector("h2").firstChild.textContent = `${say("problems_title")} `;
  $("problems-area").querySelector(".hint").textContent = say("problems_hint");
  $("member-switch").querySelector(".label").textContent = say("acting_as");
  $("member").setAttribute("aria-label", say("member_menu"));
  $("menu-button").setAttribute("aria-label", say("channels"));
  $("channels").setAttribute("aria-label", say("channels"));
  $("sidebar").setAttribute("aria-label", say("server"));
  $("jump").textContent = say("new_messages");
  if (!state.command) $("composer-input").placeholder = say("composer");
  $("composer-input").setAttribute("aria-label", say("composer_label"));
  $("send").textContent = say("send");
  $("command-cancel").setAttribute("aria-label", say("cancel_command"));
  $("archived-note").textContent = say("archived_note");
  $("modal-cancel").textContent = say("cancel");
  $("modal-submit").textContent = say("submit");
  renderMembers();
}

function renderMessage(message) {
  const author = message.author || { id: "0", username: "?" };
  const time = Date.parse(message.timestamp);
  const interaction = message.interaction_metadata || null;
  const usedBy = interaction?.user;
  const commandName = message.interaction?.name;
  const node = el("article", {
    class: `message${message.ephemeral ? " ephemeral" : ""}`,
    dataset: {
      message: message.id,
      author: author.id,
      time: String(time),
      replyTo: usedBy ? usedBy.id : "",
    },
  });
  // "Ana used /toppo start" above a command's answer, as Discord shows it.
  if (usedBy && interaction.type === 2) {
    node.append(
      el(
        "div",
        { class: "used" },
        ...usedWords(withEmoji(displayName(usedBy)), `/${commandName || "?"}`),
      ),
    );
  }
  node.append(avatar(author));
  const header = el(
    "header",
    {},
    el("span", { class: "author" }, withEmoji(displayName(author))),
    author.bot ? el("span", { class: "bot-tag" }, "APP") : null,
    el("time", { datetime: message.timestamp, title: formatStamp(time, "F") }, messageTime(time)),
    message.edited_timestamp && !message.ephemeral ? el("span", { class: "edited" }, say("edited")) : null,
  );
  const body = el("div", { class: "body" }, header);
  if (message.flags & LOADING) {
    body.append(el("p", { class: "thinking" }, say("thinking", { name: displayName(author) })));
  }
  if (message.content) body.append(markdown(message.content, "content"));
  for (const embed of message.embeds || []) body.append(renderEmbed(embed));
  const ctx = { message };
  const components = el("div", { class: "components" });
  for (const component of message.components || []) components.append(renderComponent(component, ctx));
  body.append(components);
  // Pictures sent as plain attachments (a V2 message shows its own through its components).
  if (!(message.flags & IS_COMPONENTS_V2)) {
    for (const attachment of message.attachments || []) body.append(renderAttachment(attachment));
  }
  // A thread started from this message: its chip under it, as Discord shows it, opening it.
  const thread = channel(message.id);
  if (thread?.kind === "thread") {
    body.append(
      el(
        "a",
        {
          class: `thread-chip${thread.archived ? " archived" : ""}`,
          href: `#member=${state.member}&channel=${thread.id}`,
          onclick: (event) => {
            event.preventDefault();
            go({ member: state.member, channel: thread.id });
          },
        },
        el("span", { class: "mark", "aria-hidden": "true" }, "↳ "),
        withEmoji(thread.name),
        thread.archived ? el("span", { class: "muted" }, say("archived")) : null,
      ),
    );
  }
  const error = state.errors.get(message.id);
  if (error) body.append(el("p", { class: "action-error", role: "alert" }, "⚠ ", error));
  if (message.ephemeral) {
    body.append(
      el(
        "p",
        { class: "only-you" },
        eyeIcon(),
        say("only_you"),
        el(
          "button",
          { type: "button", class: "link", dataset: { focus: "dismiss" }, onclick: () => dismiss(message.id) },
          say("dismiss"),
        ),
      ),
    );
  }
  node.append(body);
  return node;
}

// Discord's eye beside "Only you can see this", drawn here (an emoji may have no font).
function eyeIcon() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "eye");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute(
    "d",
    "M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
  );
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

function dismiss(id) {
  state.dismissed.add(id);
  localStorage.setItem("dismissed", JSON.stringify([...state.dismissed].slice(-500)));
  removeMessage(id);
}

function showActionError(messageId, text) {
  state.errors.set(messageId, text);
  rerender(messageId);
  // Shown briefly, as Discord's red line under a message; a newer error restarts the clock.
  setTimeout(() => {
    if (state.errors.get(messageId) === text) {
      state.errors.delete(messageId);
      rerender(messageId);
    }
  }, 6000);
}

function rerender(messageId) {
  const message = state.messages.get(messageId);
  if (message) upsertMessage(message);
}

// --- Components (Discord's message components, Components V2 included)

function renderComponent(component, ctx) {
  switch (component.type) {
    case 1: // action row
      return el("div", { class: "action-row" }, (component.components || []).map((c) => renderComponent(c, ctx)));
    case 2:
      return renderButton(component, ctx);
    case 3:
    case 5:
    case 6:
    case 7:
    case 8:
      return renderSelect(component, ctx);
    case 9: // section: text on the left, a thumbnail or a button on the right
      return el(
        "div",
        { class: "section" },
        el("div", { class: "section-text" }, (component.components || []).map((c) => renderComponent(c, ctx))),
        component.accessory ? el("div", { class: "accessory" }, renderComponent(component.accessory, ctx)) : null,
      );
    case 10:
      return markdown(component.content || "", "text-display");
    case 11:
      return el("img", {
        class: "thumbnail",
        src: component.media?.url,
        alt: component.description || "",
        loading: "lazy",
      });
    case 12:
      return renderGallery(component);
    case 13:
      return renderFile(component);
    case 14: {
      const spacing = component.spacing === 2 ? "large" : "small";
      return el("div", {
        class: `separator ${spacing}${component.divider === false ? "" : " divider"}`,
        role: component.divider === false ? null : "separator",
      });
    }
    case 17: {
      const accent = component.accent_color;
      return el(
        "div",
        {
          class: `container${accent === null || accent === undefined ? "" : " accent"}`,
          style: accent === null || accent === undefined ? null : `--accent: ${colour(accent)}`,
        },
        (component.components || []).map((c) => renderComponent(c, ctx)),
      );
    }
    default:
      return el("p", { class: "muted" }, `(a component of type ${component.type} this page does not draw)`);
  }
}

function colour(value) {
  return `#${Number(value).toString(16).padStart(6, "0")}`;
}

// An emoji beside a label (a card's, on a button or a menu's option) is the label's picture:
// the label already names the card, so a screen reader skips it. Alone, it is named by its
// name in words ("asset_piggy_bank" is "piggy bank"), never by its code.
function emojiNode(emoji, labelled) {
  if (!emoji) return null;
  if (emoji.id) {
    if (labelled) return el("img", { class: "emoji", src: `/emojis/${emoji.id}.png`, alt: "" });
    const name = emoji.name.replace(/^[a-z]+_(?=.)/, "").replaceAll("_", " ");
    return el("img", { class: "emoji", src: `/emojis/${emoji.id}.png`, alt: name, title: name });
  }
  const image = emojiImage(emoji.name);
  if (labelled) image.setAttribute("aria-hidden", "true");
  return image;
}

function renderButton(button, { message }) {
  const content = [
    emojiNode(button.emoji, Boolean(button.label)),
    button.label ? el("span", { class: "label" }, withEmoji(button.label)) : null,
  ];
  if (button.style === 5) {
    return el(
      "a",
      { class: "btn style-5", href: button.url, target: "_blank", rel: "noopener noreferrer", "aria-disabled": button.disabled ? "true" : null },
      content,
      el("span", { class: "external", "aria-hidden": "true" }, " ↗"),
    );
  }
  const key = `${message.id}:${button.custom_id}`;
  const pending = state.pending.has(key);
  // Pending, a button is aria-disabled, not disabled: it keeps the focus of whoever pressed it.
  return el(
    "button",
    {
      type: "button",
      class: `btn style-${button.style || 2}${pending ? " pending" : ""}`,
      disabled: button.disabled,
      "aria-disabled": pending ? "true" : null,
      "aria-busy": pending ? "true" : null,
      dataset: { customId: button.custom_id || "", focus: `button:${button.custom_id}` },
      onclick: () => press(message, button.custom_id),
    },
    content,
  );
}

// A press is shown pending (the button dims and shows dots) until the server has answered;
// the message is then usually replaced by its edit through the live feed.
async function press(message, customId) {
  const key = `${message.id}:${customId}`;
  if (state.pending.has(key)) return;
  state.pending.add(key);
  rerender(message.id);
  const answer = await act("/api/press", { message: message.id, custom_id: customId, channel: message.channel_id });
  state.pending.delete(key);
  if (!answer.ok) showActionError(message.id, answer.error || "refused");
  else rerender(message.id);
}

// Select menus: a real dropdown. One choice sends at once; several (within min..max) send when
// the menu closes, as Discord's client does.
function renderSelect(select, { message }) {
  const multi = (select.max_values ?? 1) > 1;
  const options = selectOptions(select);
  const chosen = options.filter((o) => o.default);
  const key = `${message.id}:${select.custom_id}`;
  const pending = state.pending.has(key);
  const summary = chosen.length
    ? chosen.map((o) => o.label).join(", ")
    : select.placeholder || say(multi ? "select_many" : "select_one");
  const root = el("div", { class: `select${select.disabled ? " disabled" : ""}${pending ? " pending" : ""}` });
  const toggle = el(
    "button",
    {
      type: "button",
      class: `select-toggle${chosen.length ? "" : " placeholder"}`,
      disabled: select.disabled,
      "aria-disabled": pending ? "true" : null,
      "aria-haspopup": "listbox",
      "aria-expanded": "false",
      dataset: { customId: select.custom_id, focus: `menu:${select.custom_id}` },
    },
    chosen.length === 1 ? emojiNode(chosen[0].emoji, true) : null,
    el("span", { class: "select-summary" }, withEmoji(summary)),
    el("span", { class: "chevron", "aria-hidden": "true" }, "⌄"),
  );
  const list = el("div", {
    class: "select-options",
    role: "listbox",
    "aria-multiselectable": multi ? "true" : null,
    hidden: true,
  });
  const picked = new Set(chosen.map((o) => o.value));
  const low = select.min_values ?? 1;
  const high = select.max_values ?? 1;
  const hint = multi ? el("div", { class: "select-hint" }) : null;
  const updateHint = () => {
    if (hint) hint.textContent = `${picked.size} chosen · choose ${low === high ? low : `${low} to ${high}`}`;
  };
  for (const option of options) {
    const row = el(
      "button",
      {
        type: "button",
        role: "option",
        class: "select-option",
        "aria-selected": picked.has(option.value) ? "true" : "false",
        tabindex: "-1",
        dataset: { value: option.value },
        onclick: () => {
          if (!multi) {
            close(false);
            toggle.focus();
            choose(message, select.custom_id, [option.value]);
            return;
          }
          if (picked.has(option.value)) picked.delete(option.value);
          else if (picked.size < high) picked.add(option.value);
          row.setAttribute("aria-selected", picked.has(option.value) ? "true" : "false");
          updateHint();
        },
      },
      multi ? el("span", { class: "check", "aria-hidden": "true" }) : null,
      emojiNode(option.emoji, true),
      el(
        "span",
        { class: "option-text" },
        el("span", { class: "option-label" }, withEmoji(option.label)),
        option.description ? el("span", { class: "option-description" }, withEmoji(option.description)) : null,
      ),
    );
    list.append(row);
  }
  if (multi) {
    updateHint();
    list.append(hint, el("button", { type: "button", class: "btn style-1 select-done", onclick: () => close(true) }, "Done"));
  }
  const initial = new Set(picked);
  function close(send) {
    if (list.hidden) return;
    list.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
    document.removeEventListener("click", outside, true);
    const changed = picked.size !== initial.size || [...picked].some((v) => !initial.has(v));
    if (multi && send && changed) {
      if (picked.size < low) {
        showActionError(message.id, `Choose at least ${low}.`);
        return;
      }
      choose(message, select.custom_id, [...picked]);
    }
  }
  function outside(event) {
    if (!root.contains(event.target)) close(true);
  }
  function open(last = false) {
    if (pending) return;
    list.hidden = false;
    toggle.setAttribute("aria-expanded", "true");
    // Like Discord's, the list opens upward when the messages pane has no room for it below
    // (a panel's menu is usually the last thing in the channel, just above the composer).
    const pane = root.closest("#messages") || document.documentElement;
    const box = toggle.getBoundingClientRect();
    const area = pane.getBoundingClientRect();
    const below = area.bottom - box.bottom;
    root.classList.toggle("upward", below < list.offsetHeight + 8 && box.top - area.top > below);
    document.addEventListener("click", outside, true);
    // The focus goes into the list (on the chosen option, else the first or last), so arrows,
    // Enter and Esc work there, as in a native menu.
    const rows = [...list.querySelectorAll(".select-option")];
    (rows.find((r) => r.getAttribute("aria-selected") === "true") || rows.at(last ? -1 : 0))?.focus();
  }
  toggle.addEventListener("click", () => (list.hidden ? open() : close(true)));
  toggle.addEventListener("keydown", (event) => {
    if (list.hidden && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      open(event.key === "ArrowUp");
    }
  });
  list.addEventListener("keydown", (event) => {
    const rows = [...list.querySelectorAll(".select-option")];
    const at = rows.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      rows[(to + rows.length) % rows.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
      toggle.focus();
    }
  });
  // Tabbing out of an open list closes it, as a click elsewhere does.
  root.addEventListener("focusout", (event) => {
    if (!list.hidden && !root.contains(event.relatedTarget)) close(true);
  });
  root.append(toggle, list);
  return root;
}

// A string menu lists its options; a user or channel menu lists the server's (Discord's client
// fills those in itself).
function selectOptions(select) {
  if (select.type === 3) return select.options || [];
  if (select.type === 5 || select.type === 6) {
    return state.world.members.map((m) => ({ label: m.name, value: m.id }));
  }
  if (select.type === 8) return [];
  return state.world.channels.filter((c) => !c.archived).map((c) => ({ label: `#${c.name}`, value: c.id }));
}

async function choose(message, customId, values) {
  const key = `${message.id}:${customId}`;
  state.pending.add(key);
  rerender(message.id);
  const answer = await act("/api/choose", { message: message.id, custom_id: customId, values, channel: message.channel_id });
  state.pending.delete(key);
  if (!answer.ok) showActionError(message.id, answer.error || "refused");
  else rerender(message.id);
}

// A media gallery: one picture takes the card's whole width; several share it in a grid. The
// alt text is the picture's alt, and a visible ALT badge shows it on demand.
function renderGallery(gallery) {
  const items = gallery.items || [];
  return el(
    "div",
    { class: `gallery count-${Math.min(items.length, 4)}` },
    items.map((item, index) => {
      const media = item.media || {};
      const alt = item.description || "";
      const img = el("img", {
        src: media.url,
        alt,
        width: media.width || null,
        height: media.height || null,
        // Kept in place while the picture loads, so an edited table does not jump the page.
        style: media.width && media.height ? `aspect-ratio: ${media.width} / ${media.height}` : null,
        onload: () => scrollToBottom(),
      });
      const figure = el("figure", { class: "gallery-item" }, img);
      if (alt) {
        const text = el("figcaption", { class: "alt-text", hidden: true }, alt);
        const badge = el(
          "button",
          {
            type: "button",
            class: "alt-badge",
            dataset: { focus: `alt:${index}` },
            "aria-expanded": "false",
            "aria-label": "ALT: show the picture's description",
            title: "Show the picture's description",
            onclick: () => {
              text.hidden = !text.hidden;
              badge.setAttribute("aria-expanded", text.hidden ? "false" : "true");
            },
          },
          "ALT",
        );
        figure.append(badge, text);
      }
      return figure;
    }),
  );
}

function renderFile(component) {
  const url = component.file?.url || "";
  const name = component.name || url.split("/").pop() || "file";
  return el("div", { class: "file" }, el("span", { "aria-hidden": "true" }, "📄 "), el("a", { href: url, download: name }, name));
}

function renderAttachment(attachment) {
  if ((attachment.content_type || "").startsWith("image/")) {
    return el("img", {
      class: "attachment",
      src: attachment.url,
      alt: attachment.description || attachment.filename,
      width: attachment.width || null,
      height: attachment.height || null,
      onload: () => scrollToBottom(),
    });
  }
  return el("div", { class: "file" }, "📄 ", el("a", { href: attachment.url, download: attachment.filename }, attachment.filename));
}

function renderEmbed(embed) {
  const colourBar = embed.color === undefined || embed.color === null ? null : `--accent: ${colour(embed.color)}`;
  return el(
    "div",
    { class: `embed${colourBar ? " accent" : ""}`, style: colourBar },
    embed.author?.name ? el("div", { class: "embed-author" }, withEmoji(embed.author.name)) : null,
    embed.title ? el("div", { class: "embed-title" }, markdown(embed.title, "inline")) : null,
    embed.description ? markdown(embed.description, "embed-description") : null,
    embed.fields?.length
      ? el(
          "div",
          { class: "embed-fields" },
          embed.fields.map((f) =>
            el(
              "div",
              { class: `embed-field${f.inline ? " inline" : ""}` },
              el("div", { class: "embed-field-name" }, markdown(f.name, "inline")),
              markdown(f.value, "embed-field-value"),
            ),
          ),
        )
      : null,
    embed.image?.url ? el("img", { class: "embed-image", src: embed.image.url, alt: "", onload: () => scrollToBottom() }) : null,
    embed.thumbnail?.url ? el("img", { class: "embed-thumbnail", src: embed.thumbnail.url, alt: "" }) : null,
    embed.footer?.text ? el("div", { class: "embed-footer" }, withEmoji(embed.footer.text)) : null,
  );
}

// ---------------------------------------------------------------------------------------------
// Markdown, as much of Discord's as the bot writes. The text is escaped first; only then are
// the markers turned into tags, so nothing the bot wrote can become markup by itself.

function escapeHTML(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function markdown(source, className) {
  const node = el("div", { class: `markdown ${className}` });
  node.innerHTML = blocks(escapeHTML(source)); // eslint-disable-line no-unsanitized/property: escaped above
  fillDynamic(node);
  emojify(node);
  return node;
}

// Block level: code fences, headings, subtext, quotes and lists, on escaped text.
function blocks(text) {
  const fences = [];
  text = text.replace(/```(?:[\w+-]*\n)?([\s\S]*?)```/g, (_, code) => {
    fences.push(`<pre><code>${code.replace(/\n$/, "")}</code></pre>`);
    return `\u0000F${fences.length - 1}\u0000`;
  });
  const out = [];
  let list = null; // open <ul>/<ol> items
  let quote = null; // open quote lines
  const flush = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${i}</li>`).join("")}</${list.tag}>`);
    if (quote) out.push(`<blockquote>${blocks(quote.join("\n"))}</blockquote>`);
    list = null;
    quote = null;
  };
  for (const line of text.split("\n")) {
    let m;
    if ((m = line.match(/^&gt; ?(.*)$/))) {
      if (list) flush();
      (quote ||= []).push(m[1]);
      continue;
    }
    if (quote) flush();
    if ((m = line.match(/^\s*[-*] (.*)$/)) && !line.startsWith("-# ")) {
      if (list?.tag !== "ul") flush();
      list ||= { tag: "ul", items: [] };
      list.items.push(inline(m[1]));
      continue;
    }
    if ((m = line.match(/^(\d+)\. (.*)$/))) {
      if (list?.tag !== "ol") flush();
      list ||= { tag: "ol", items: [], start: m[1] };
      list.items.push(inline(m[2]));
      continue;
    }
    flush();
    if ((m = line.match(/^(#{1,3}) (.*)$/))) {
      const level = m[1].length;
      out.push(`<h${level + 2} class="h${level}">${inline(m[2])}</h${level + 2}>`);
    } else if ((m = line.match(/^-# (.*)$/))) {
      out.push(`<div class="subtext">${inline(m[1])}</div>`);
    } else if ((m = line.match(/^\u0000F(\d+)\u0000$/))) {
      out.push(fences[Number(m[1])]);
    } else {
      out.push(`<div class="line">${inline(line) || "<br>"}</div>`);
    }
  }
  flush();
  // A fence inside a line (rare) is put back where it stood.
  return out.join("").replace(/\u0000F(\d+)\u0000/g, (_, i) => fences[Number(i)]);
}

// Inline: code spans and escaped characters are set aside first, in one pass from the left, so
// markers inside a span stay as written and a backslash before a symbol shows the symbol alone
// (as Discord does: names are escaped so that "Ana_B" is not read as italics).
function inline(text) {
  const spans = [];
  text = text.replace(/\\([^0-9A-Za-z\s])|`([^`]+)`/g, (_, escaped, code) => {
    spans.push(escaped !== undefined ? escaped : `<code>${code}</code>`);
    return `\u0000C${spans.length - 1}\u0000`;
  });
  text = text
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) => `<a href="${url}" target="_blank" rel="noopener noreferrer">${label}</a>`)
    .replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>")
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>')
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention" data-user="${id}"></span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<a class="mention channel-mention" href="#" data-channel="${id}"></a>`)
    .replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHTML(roleName(id))}</span>`)
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, unix, style) => `<time class="stamp" data-unix="${unix}" data-style="${style || "f"}"></time>`)
    .replace(/&lt;(a?):(\w+):(\d+)&gt;/g, (_, animated, name, id) => `<img class="emoji" src="/emojis/${id}.png" alt=":${name}:" title=":${name}:">`);
  return text.replace(/\u0000C(\d+)\u0000/g, (_, i) => spans[Number(i)]);
}

// ---------------------------------------------------------------------------------------------
// Emoji, drawn as Discord draws them: as pictures, Twemoji's (served by the page itself, see
// localplay/twemoji.py), so they show on a machine with no emoji font. An emoji is one of
// Unicode's emoji sequences, or one emoji character written without its VS16 (the bot's ⏮ and
// ♠), but never one asked to show as text (VS15), nor a digit, # or * alone.

const EMOJI = /(?:\p{RGI_Emoji}|[\p{Emoji}--\p{ASCII}]\uFE0F?)(?!\uFE0E)/gv;

// Twemoji's file name for an emoji: its code points in hex, VS16 left out but in a ZWJ sequence.
function twemojiName(emoji) {
  const kept = emoji.includes("\u200D") ? emoji : emoji.replaceAll("\uFE0F", "");
  return [...kept].map((c) => c.codePointAt(0).toString(16)).join("-");
}

// An emoji's picture. Its alt is the emoji itself, so copied text keeps it and a screen reader
// names it; an emoji newer than Twemoji's pictures is put back as the character.
function emojiImage(emoji) {
  return el("img", {
    class: "emoji",
    src: `/twemoji/${twemojiName(emoji)}.svg`,
    alt: emoji,
    onerror: (event) => event.target.replaceWith(emoji),
  });
}

// The text as nodes for el(): its emoji as pictures, the rest as text.
function withEmoji(text) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(emojiImage(match[0]));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

// Every emoji of the node's text as a picture (markdown's output, escaped and filled in), but in
// code, which Discord shows as written.
function emojify(node) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT, {
    acceptNode: (text) => (text.parentElement.closest("code") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const text of texts) {
    const nodes = withEmoji(text.data);
    if (nodes.some((n) => n instanceof Node)) text.replaceWith(...nodes);
  }
}

// A user's name: a member's, else an author seen in this channel (the bot), else unknown.
function nameOf(id) {
  const known = member(id);
  if (known) return known.name;
  for (const message of state.messages.values()) {
    if (message.author?.id === id) return displayName(message.author);
  }
  return "unknown-user";
}

// Mentions and timestamps are filled in as text from what the page knows (a member's name, a
// channel's name, a time in the reader's language).
function fillDynamic(node) {
  for (const mention of node.querySelectorAll("[data-user]")) {
    mention.textContent = `@${nameOf(mention.dataset.user)}`;
    if (mention.dataset.user === state.member) mention.classList.add("me");
  }
  for (const link of node.querySelectorAll("[data-channel]")) {
    const c = channel(link.dataset.channel);
    link.textContent = c ? `#${c.name}` : "#unknown";
    link.href = `#member=${state.member}&channel=${link.dataset.channel}`;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      if (c) go({ member: state.member, channel: c.id });
    });
  }
  for (const stamp of node.querySelectorAll("time.stamp")) {
    const when = Number(stamp.dataset.unix) * 1000;
    stamp.dateTime = new Date(when).toISOString();
    stamp.title = formatStamp(when, "F");
    stamp.textContent = formatStamp(when, stamp.dataset.style);
  }
}

// Discord's timestamp styles, in the reader's language.
function formatStamp(when, style) {
  const date = new Date(when);
  const lang = locale();
  const styles = {
    t: { timeStyle: "short" },
    T: { timeStyle: "medium" },
    d: { day: "2-digit", month: "2-digit", year: "numeric" },
    D: { dateStyle: "long" },
    f: { dateStyle: "long", timeStyle: "short" },
    F: { dateStyle: "full", timeStyle: "short" },
  };
  if (style === "R") return relative(when - Date.now(), lang);
  return new Intl.DateTimeFormat(lang, styles[style] || styles.f).format(date);
}

function relative(ms, lang) {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: "always" });
  const seconds = Math.round(ms / 1000);
  const steps = [
    [60, "second"],
    [60, "minute"],
    [24, "hour"],
    [30, "day"],
    [12, "month"],
    [Infinity, "year"],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, "year");
}

// A message's own time: "Today at 21:04" style, shorter for today.
function messageTime(when) {
  const date = new Date(when);
  const lang = locale();
  const time = new Intl.DateTimeFormat(lang, { timeStyle: "short" }).format(date);
  if (date.toDateString() === new Date().toDateString()) return time;
  return `${new Intl.DateTimeFormat(lang, { dateStyle: "short" }).format(date)} ${time}`;
}

// Relative timestamps ("in 25 seconds") count on by themselves.
setInterval(() => {
  for (const stamp of document.querySelectorAll('time.stamp[data-style="R"]')) {
    stamp.textContent = formatStamp(Number(stamp.dataset.unix) * 1000, "R");
  }
}, 1000);

// ---------------------------------------------------------------------------------------------
// The slash-command composer

// A command's name or description in the member's language, else its default.
function localized(thing, field) {
  const map = thing[`${field}_localizations`] || {};
  const lang = locale();
  return map[lang] || map[lang.split("-")[0]] || thing[field];
}

// Every command the member can run, subcommands as their own entries ("/toppo start"), as
// Discord's client lists them.
function commandEntries() {
  const entries = [];
  const walk = (path, names, node) => {
    const subs = (node.options || []).filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) {
      entries.push({ path, names, leaf: node, description: localized(node, "description") });
      return;
    }
    for (const sub of subs) walk([...path, sub.name], [...names, localized(sub, "name")], sub);
  };
  for (const command of state.world?.commands || []) {
    if (command.type !== undefined && command.type !== 1) continue;
    walk([command.name], [localized(command, "name")], command);
  }
  return entries;
}

let highlighted = 0;
function renderCommandList() {
  const list = $("command-list");
  const typed = $("composer-input").value;
  if (state.command || !typed.startsWith("/")) {
    list.hidden = true;
    return;
  }
  const query = typed.slice(1).trim().toLowerCase();
  const matches = commandEntries().filter((e) => {
    const shown = e.names.join(" ").toLowerCase();
    const plain = e.path.join(" ").toLowerCase();
    return shown.startsWith(query) || plain.startsWith(query) || shown.includes(` ${query}`);
  });
  highlighted = Math.min(highlighted, Math.max(matches.length - 1, 0));
  list.replaceChildren(
    el("div", { class: "list-title" }, "Commands · GameNight"),
    ...matches.map((entry, i) =>
      el(
        "button",
        {
          type: "button",
          role: "option",
          class: "command-entry",
          "aria-selected": i === highlighted ? "true" : "false",
          dataset: { command: entry.path.join(" ") },
          onmousedown: (event) => event.preventDefault(), // keep the input's focus
          onclick: () => chooseCommand(entry.path),
        },
        el("span", { class: "command-name" }, `/${entry.names.join(" ")}`),
        el("span", { class: "command-description" }, entry.description),
      ),
    ),
  );
  if (!matches.length) list.append(el("div", { class: "muted empty" }, "No command matches."));
  list.hidden = false;
}

// The options of the chosen command as fields, required ones first and marked, as Discord does.
function chooseCommand(path, { keepValues = false } = {}) {
  const entry = commandEntries().find((e) => e.path.join(" ") === path.join(" "));
  if (!entry) return;
  const previous = keepValues && state.command ? collectValues(state.command, false).values : {};
  const options = [...(entry.leaf.options || [])].sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)));
  state.command = { path, entry, fields: [] };
  $("command-chip").textContent = `/${entry.names.join(" ")}`;
  $("command-description").textContent = entry.description;
  const box = $("command-options");
  box.replaceChildren();
  for (const option of options) {
    const field = optionField(option, previous[option.name]);
    state.command.fields.push(field);
    box.append(field.node);
  }
  $("command-form").hidden = false;
  $("command-list").hidden = true;
  $("composer-input").value = "";
  $("composer-input").placeholder = say(options.length ? "run_options" : "run_plain");
  $("composer-error").hidden = true;
  (state.command.fields[0]?.input || $("composer-input")).focus();
}

function cancelCommand() {
  state.command = null;
  $("command-form").hidden = true;
  $("command-options").replaceChildren();
  $("composer-input").placeholder = say("composer");
  $("composer-error").hidden = true;
}

// One option's field. Returns {option, node, input, value(): [set, value]}.
function optionField(option, previous) {
  const name = localized(option, "name");
  const description = localized(option, "description");
  const id = `option-${option.name}`;
  const label = el(
    "label",
    { for: id, class: "option-name" },
    name,
    option.required ? el("span", { class: "required", title: "required" }, " *") : null,
  );
  const wrap = el("div", { class: `option${option.required ? " required" : ""}`, dataset: { option: option.name } }, label);
  let input;
  let value;
  const choices = option.choices || [];
  if (choices.length) {
    input = el(
      "select",
      { id },
      option.required ? null : el("option", { value: "" }, "—"),
      choices.map((c, i) => el("option", { value: String(i) }, localized(c, "name"))),
    );
    if (previous !== undefined) {
      const index = choices.findIndex((c) => c.value === previous);
      if (index >= 0) input.value = String(index);
    }
    value = () => (input.value === "" ? [false] : [true, choices[Number(input.value)].value]);
  } else if (option.type === 5) {
    // A toggle. An optional one is only sent once touched: Discord leaves an unset option out.
    input = el("input", { id, type: "checkbox", class: "toggle", role: "switch" });
    let touched = Boolean(option.required) || previous !== undefined;
    if (previous !== undefined) input.checked = Boolean(previous);
    const state_ = el("span", { class: "toggle-state" });
    const show = () => (state_.textContent = touched ? (input.checked ? "True" : "False") : "not set");
    input.addEventListener("change", () => {
      touched = true;
      show();
    });
    show();
    wrap.append(input, state_);
    value = () => (touched ? [true, input.checked] : [false]);
  } else if (option.type === 6 || option.type === 8 || option.type === 9) {
    // A user, a role, or either (mentionable): picked from the server's, as Discord offers them.
    const members = option.type === 8 ? [] : state.world.members.map((m) => el("option", { value: m.id }, `@${m.name}`));
    const roles = option.type === 6 ? [] : state.world.roles.map((r) => el("option", { value: r.id }, r.name.startsWith("@") ? r.name : `@${r.name}`));
    input = el("select", { id }, el("option", { value: "" }, "—"), members, roles);
    if (previous !== undefined) input.value = previous;
    value = () => (input.value ? [true, input.value] : [false]);
  } else if (option.type === 7) {
    input = el(
      "select",
      { id },
      el("option", { value: "" }, "—"),
      state.world.channels.map((c) => el("option", { value: c.id }, c.kind === "thread" ? `↳ ${c.name}` : `#${c.name}`)),
    );
    if (previous !== undefined) input.value = previous;
    value = () => (input.value ? [true, input.value] : [false]);
  } else if (option.type === 4 || option.type === 10) {
    input = el("input", {
      id,
      type: "number",
      step: option.type === 4 ? "1" : "any",
      min: option.min_value ?? null,
      max: option.max_value ?? null,
      placeholder: rangeHint(option),
      inputmode: option.type === 4 ? "numeric" : "decimal",
    });
    if (previous !== undefined) input.value = String(previous);
    value = () => (input.value === "" ? [false] : [true, Number(input.value)]);
  } else {
    // Strings.
    input = el("input", {
      id,
      type: "text",
      minlength: option.min_length ?? null,
      maxlength: option.max_length ?? null,
      placeholder: description,
    });
    if (previous !== undefined) input.value = String(previous);
    value = () => (input.value === "" ? [false] : [true, input.value]);
  }
  if (option.type !== 5) wrap.append(input);
  wrap.append(el("span", { class: "option-description" }, description));
  const field = { option, node: wrap, input, value };
  if (option.autocomplete) attachAutocomplete(field);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.defaultPrevented) {
      event.preventDefault();
      runCommand();
    }
  });
  return field;
}

function rangeHint(option) {
  const low = option.min_value;
  const high = option.max_value;
  if (low !== undefined && high !== undefined) return `${low} to ${high}`;
  if (low !== undefined) return `at least ${low}`;
  if (high !== undefined) return `at most ${high}`;
  return "";
}

// Autocomplete: as one types, ask the bot for choices (through /api/autocomplete), show them
// under the field; choosing one keeps its value (the field shows its name).
function attachAutocomplete(field) {
  const { input, node, option } = field;
  const list = el("div", { class: "autocomplete", role: "listbox", hidden: true });
  node.append(list);
  let chosen = null; // {name, value} picked from the list
  let asked = 0;
  let timer = null;
  const ask = async () => {
    const ticket = ++asked;
    const { values } = collectValues(state.command, false);
    values[option.name] = input.value;
    let answer;
    try {
      const response = await fetch("/api/autocomplete", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          member: state.member,
          channel: state.channel,
          command: state.command.path.join(" "),
          options: values,
          focused: option.name,
        }),
      });
      answer = await response.json();
    } catch {
      return;
    }
    if (ticket !== asked) return; // a newer keystroke asked again
    const choices = answer.choices || [];
    list.replaceChildren(
      ...choices.map((c) =>
        el(
          "button",
          {
            type: "button",
            role: "option",
            class: "autocomplete-choice",
            onmousedown: (event) => event.preventDefault(),
            onclick: () => {
              chosen = c;
              input.value = c.name;
              list.hidden = true;
            },
          },
          c.name,
        ),
      ),
    );
    list.hidden = choices.length === 0 || document.activeElement !== input;
  };
  input.addEventListener("input", () => {
    chosen = null;
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  });
  input.addEventListener("focus", ask);
  input.addEventListener("blur", () => setTimeout(() => (list.hidden = true), 150));
  const typed = field.value;
  field.value = () => {
    if (chosen && input.value === chosen.name) return [true, chosen.value];
    return typed();
  };
}

// The values of the command's fields by option name; with check, what is missing or wrong.
function collectValues(command, check) {
  const values = {};
  const wrong = [];
  for (const field of command?.fields || []) {
    const [set, value] = field.value();
    field.node.classList.remove("invalid");
    if (!set) {
      if (check && field.option.required) {
        wrong.push(`${localized(field.option, "name")} is required`);
        field.node.classList.add("invalid");
      }
      continue;
    }
    if (check && field.input?.validity && !field.input.validity.valid) {
      wrong.push(`${localized(field.option, "name")}: ${field.input.validationMessage}`);
      field.node.classList.add("invalid");
    }
    values[field.option.name] = value;
  }
  return { values, wrong };
}

async function runCommand() {
  const error = $("composer-error");
  if (!state.command) {
    // Plain text: the bot reads no messages (it has no message intents), as on Discord.
    const typed = $("composer-input").value.trim();
    if (!typed) return;
    const exact = commandEntries().find((e) => `/${e.names.join(" ")}` === typed || `/${e.path.join(" ")}` === typed);
    if (exact) return chooseCommand(exact.path);
    error.textContent = typed.startsWith("/")
      ? "Choose a command from the list."
      : "The bot only answers slash commands: type / to see them.";
    error.hidden = false;
    return;
  }
  const { values, wrong } = collectValues(state.command, true);
  if (wrong.length) {
    error.textContent = wrong.join(" · ");
    error.hidden = false;
    return;
  }
  const send = $("send");
  send.disabled = true;
  send.classList.add("pending");
  const answer = await act("/api/command", { command: state.command.path.join(" "), options: values });
  send.disabled = false;
  send.classList.remove("pending");
  if (answer.ok) {
    cancelCommand();
    $("composer-input").value = "";
    state.stickToBottom = true;
    scrollToBottom();
  } else {
    error.textContent = answer.error || "refused";
    error.hidden = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Modals (a form the bot opened): text inputs, sent through /api/modal.

let openModalSpec = null;
function openModal(modal) {
  openModalSpec = modal;
  $("modal-title").replaceChildren(...withEmoji(modal.title));
  const fields = $("modal-fields");
  fields.replaceChildren();
  for (const row of modal.components || []) {
    // An action row of one text input, or (newer) a label holding one.
    const input = row.type === 18 ? row.component : (row.components || [])[0];
    if (!input || input.type !== 4) continue;
    const id = `modal-${input.custom_id}`;
    const attrs = {
      id,
      name: input.custom_id,
      required: input.required !== false,
      minlength: input.min_length ?? null,
      maxlength: input.max_length ?? null,
      placeholder: input.placeholder || null,
    };
    const control = input.style === 2 ? el("textarea", { ...attrs, rows: 4 }) : el("input", { ...attrs, type: "text" });
    control.value = input.value || "";
    fields.append(
      el(
        "div",
        { class: "modal-field" },
        el("label", { for: id }, row.label || input.label || input.custom_id, input.required !== false ? el("span", { class: "required" }, " *") : null),
        row.description ? el("p", { class: "muted" }, row.description) : null,
        control,
      ),
    );
  }
  $("modal-error").hidden = true;
  const dialog = $("modal");
  if (!dialog.open) dialog.showModal();
}

async function submitModal(event) {
  event.preventDefault();
  const form = $("modal-form");
  if (!form.reportValidity()) return;
  const values = {};
  for (const control of $("modal-fields").querySelectorAll("input, textarea")) values[control.name] = control.value;
  const spec = openModalSpec;
  $("modal-submit").disabled = true;
  const answer = await act("/api/modal", { custom_id: spec.custom_id, values });
  $("modal-submit").disabled = false;
  if (answer.ok) {
    if (!answer.modal) $("modal").close();
  } else {
    $("modal-error").textContent = answer.error || "refused";
    $("modal-error").hidden = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Start

function wire() {
  $("member").addEventListener("change", () => go({ member: $("member").value, channel: state.channel }));
  $("menu-button").addEventListener("click", () =>
    document.body.classList.contains("sidebar-open") ? closeSidebar() : openSidebar(),
  );
  $("scrim").addEventListener("click", closeSidebar);
  $("messages").addEventListener("scroll", () => {
    state.stickToBottom = isAtBottom();
    if (state.stickToBottom) $("jump").hidden = true;
  });
  $("jump").addEventListener("click", () => scrollToBottom(true));
  window.addEventListener("hashchange", () => go(readLocation()));

  const input = $("composer-input");
  input.addEventListener("input", () => {
    highlighted = 0;
    $("composer-error").hidden = true;
    renderCommandList();
  });
  input.addEventListener("keydown", (event) => {
    const list = $("command-list");
    const entries = [...list.querySelectorAll(".command-entry")];
    if (!list.hidden && entries.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        highlighted = (highlighted + (event.key === "ArrowDown" ? 1 : entries.length - 1)) % entries.length;
        renderCommandList();
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        chooseCommand(entries[highlighted].dataset.command.split(" "));
        return;
      }
    }
    if (event.key === "Escape") {
      cancelCommand();
      input.value = "";
      renderCommandList();
    }
    if (event.key === "Backspace" && state.command && input.value === "") cancelCommand();
  });
  $("composer").addEventListener("submit", (event) => {
    event.preventDefault();
    runCommand();
  });
  $("command-cancel").addEventListener("click", cancelCommand);
  $("modal-form").addEventListener("submit", submitModal);
  $("modal-cancel").addEventListener("click", () => $("modal").close());
}

async function start() {
  try {
    await loadWorld();
  } catch (error) {
    $("connecting").textContent = `The page could not reach the bot (${error.message}). Is it still running?`;
    setTimeout(start, 2000);
    return;
  }
  await go(readLocation());
  document.body.classList.add("ready");
}

document.addEventListener("DOMContentLoaded", () => {
  wire();
  start();
});
