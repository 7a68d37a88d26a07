// The page's own words, in the language of the member it acts as (English or Spanish, as the
// bot speaks), as Discord's client speaks its user's language. What the bot writes comes from
// the bot; these are only the page's frame around it. Keys are read by app.js (say()) and, for
// elements of index.html, by applyPageWords() through their data-words attribute.

const PAGE_WORDS = {
  en: {
    banner_title: "Offline Discord for trying Game Night.",
    banner_body: "This is not Discord: a stand-in on this computer that the real bot talks to.",
    banner_pick: "Pick a member at the top to act and see as them.",
    waits:
      "Here a table waits {minutes} minutes for a player before an AI plays for them (on Discord: 30 s in Toppo and Spit, 90 s a turn), so that one person can play several members of a table from this page.",
    open_warning: "⚠ Open to the network: anyone who can reach this page can act as any member.",
    problems_title: "Requests Discord would refuse",
    problems_hint:
      "The offline Discord checks every request of the bot as Discord would; the ones it refused are listed here. The session goes on.",
    acting_as: "Acting as",
    member_menu: "Act and see as member",
    channels: "Channels",
    server: "Server",
    connecting: "Connecting…",
    new_messages: "New messages ↓",
    composer: "Type / for the bot's commands",
    composer_label: "Message or command",
    run_options: "Enter or Send runs it",
    run_plain: "Press Enter or Send to run it",
    send: "Send",
    cancel_command: "Cancel the command",
    archived_note: "This thread is archived. Any new message will reopen it.",
    archived_threads: "Archived threads ({count})",
    archived: " · archived",
    used: "{name} used {command}",
    thinking: "{name} is thinking…",
    edited: "(edited)",
    only_you: "Only you can see this · ",
    dismiss: "Dismiss message",
    select_one: "Make a selection",
    select_many: "Make selections",
    moderator: "moderator",
    cancel: "Cancel",
    submit: "Submit",
  },
  es: {
    banner_title: "Discord sin conexión para probar Game Night.",
    banner_body: "Esto no es Discord: es un sustituto en este ordenador con el que habla el bot de verdad.",
    banner_pick: "Elige arriba un miembro para actuar y ver como él.",
    waits:
      "Aquí una mesa espera {minutes} minutos a un jugador antes de que una IA juegue por él (en Discord: 30 s en Toppo y Spit, 90 s por turno), para que una persona pueda jugar varios puestos de una mesa desde esta página.",
    open_warning: "⚠ Abierta a la red: cualquiera que llegue a esta página puede actuar como cualquier miembro.",
    problems_title: "Peticiones que Discord rechazaría",
    problems_hint:
      "El Discord sin conexión comprueba cada petición del bot como lo haría Discord; las que rechazó aparecen aquí. La sesión sigue.",
    acting_as: "Actuando como",
    member_menu: "Actuar y ver como el miembro",
    channels: "Canales",
    server: "Servidor",
    connecting: "Conectando…",
    new_messages: "Mensajes nuevos ↓",
    composer: "Escribe / para ver los comandos del bot",
    composer_label: "Mensaje o comando",
    run_options: "Intro o Enviar lo ejecuta",
    run_plain: "Pulsa Intro o Enviar para ejecutarlo",
    send: "Enviar",
    cancel_command: "Cancelar el comando",
    archived_note: "Este hilo está archivado. Cualquier mensaje nuevo lo volverá a abrir.",
    archived_threads: "Hilos archivados ({count})",
    archived: " · archivado",
    used: "{name} ha usado {command}",
    thinking: "{name} está pensando…",
    edited: "(editado)",
    only_you: "Solo tú puedes ver esto · ",
    dismiss: "Descartar mensaje",
    select_one: "Haz una selección",
    select_many: "Haz selecciones",
    moderator: "moderador",
    cancel: "Cancelar",
    submit: "Enviar",
  },
};

// ``key`` in the acting member's language, its {placeholders} filled from ``values``.
function say(key, values = {}) {
  const language = (typeof locale === "function" ? locale() : "en").startsWith("es") ? "es" : "en";
  const text = PAGE_WORDS[language][key] ?? PAGE_WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
