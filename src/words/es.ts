import type { Words } from './en.js';
import type { RateLimit, WebMcpFacts } from './webmcp.js';

// Every word a person reads from the studio in Spanish, as a Miami studio writes to its clients: usted,
// plain words, the terms of the trade used in South Florida. Typed by en.ts: a missing key fails the typecheck.

const minutes = (limit: RateLimit) => limit.windowSeconds / 60;
const readLimit = (f: WebMcpFacts) => `Cuenta para el límite de lectura (${f.readLimit.limit} cada ${f.readLimit.windowSeconds} s por cliente).`;

export const ES: Words = {
  site: {
    skipLink: 'Ir al contenido',
    mainNav: 'Principal',
    projects: 'Proyectos',
    services: 'Servicios',
    contact: 'Contacto',
    startProject: 'Empezar un proyecto',
    languageNav: 'Idioma',
    languageName: 'Español',
    switchTo: 'Leer esta página en español',
    studio: 'Estudio',
    call: 'Llámenos',
    write: 'Escríbanos',
    forDevelopers: 'Para desarrolladores',
    untranslated: 'Esta página aún no está traducida al español; se muestra en inglés.',
    assistantFilled: 'Su asistente llenó este formulario.',
    assistantCheck: 'Revise cada campo y luego envíelo: no se envía nada hasta que usted lo haga.',
    assistantClear: 'Borrar el formulario',
    noAnswer: 'El sitio no respondió. Por favor, inténtelo de nuevo.',
    gallery: 'Galería',
    homeTitle: 'Inicio',
  },
  pages: {
    home: {
      selectedProjects: 'Proyectos seleccionados',
      allProjects: 'Ver todos los proyectos',
      services: 'Servicios',
      allServices: 'Todos los servicios',
      studio: 'El estudio',
      offices: 'Oficinas',
      startHeading: 'Empezar un proyecto',
      start: (inquiry: string, email: string) => `Cuéntenos sobre el terreno, la casa y los plazos: ${inquiry}, o escriba a ${email}.`,
      sendInquiry: 'envíe una consulta',
    },
    services: {
      title: 'Servicios',
      description: (firm: string) => `Lo que hace ${firm}, desde la primera visita al terreno hasta la última mano de pintura.`,
      intro: 'Un solo estudio para el diseño y la construcción.',
      allServices: 'Todos los servicios',
      capabilities: 'Capacidades',
      start: 'Cuéntenos sobre su proyecto',
      fallbackDescription: (service: string, firm: string) => `${service} en ${firm}.`,
    },
    contact: {
      title: 'Contacto',
      description: (firm: string) => `Cuéntele a ${firm} sobre su proyecto: dónde está, en qué etapa se encuentra y el presupuesto que tiene en mente.`,
      heading: 'Empecemos a conversar',
      intro: (responseTime: string) => `Cuéntenos dónde está el proyecto, en qué etapa se encuentra y el presupuesto que tiene en mente. Uno de los socios lee cada consulta y responde ${responseTime}.`,
      reach: (email: string, phone: string | undefined) => (phone ? `Escriba a ${email} o llame al ${phone}.` : `Escriba a ${email}.`),
      formHeading: 'Enviar una consulta',
    },
    thanks: {
      title: 'Gracias',
      description: 'Su consulta llegó al estudio.',
      heading: 'Gracias',
      meanwhile: (projects: string, services: string) => `Mientras tanto, vea ${projects} o ${services}.`,
      ourProjects: 'nuestros proyectos',
      ourServices: 'nuestros servicios',
    },
    notFound: {
      title: 'Página no encontrada',
      description: 'No hay ninguna página en esta dirección.',
      text: 'No hay ninguna página en esta dirección. Puede que se haya movido o que el enlace tenga un error.',
      tryThese: (home: string, projects: string, services: string, write: string) => `Pruebe la ${home}, los ${projects} o los ${services}, o ${write}.`,
      home: 'página de inicio',
      projects: 'proyectos',
      services: 'servicios',
      write: 'escríbanos',
    },
    studio: {
      offices: 'Nuestras oficinas',
      hours: 'Horario',
      phone: 'Teléfono',
      dayRange: (first: string, last: string, count: number) => (count === 2 ? `${first} y ${last}` : `de ${first} a ${last}`),
      hoursLine: (days: string, times: string) => `${days.charAt(0).toUpperCase()}${days.slice(1)}, ${times}`,
    },
  },
  enums: {
    location: { miami: 'Miami', hamptons: 'Los Hamptons', other: 'Otro lugar' },
    budget: {
      'under-1m': 'Menos de $1M',
      '1m-3m': 'De $1M a $3M',
      '3m-10m': 'De $3M a $10M',
      'over-10m': 'Más de $10M',
      undisclosed: 'Prefiero no decirlo',
    },
    phase: { 'pre-planning': 'Planificación previa', permitted: 'Con permisos aprobados', unsure: 'Aún no lo sé' },
  },
  projects: {
    title: 'Proyectos',
    description: (firm: string) => `Casas y jardines seleccionados, diseñados y construidos por ${firm}.`,
    intro: (firm: string) => `Casas y jardines seleccionados, diseñados y construidos por ${firm}.`,
    fallbackDescription: (project: string, firm: string) => `${project}, un proyecto de ${firm}.`,
    scope: 'Alcance',
    allProjects: 'Todos los proyectos',
    startConversation: 'Hablemos de su casa',
    facts: {
      year: 'Año',
      status: 'Estado',
      size: 'Superficie',
      area: (squareFeet: string, squareMeters: string) => `${squareFeet} pies² (${squareMeters} m²)`,
      work: 'Tipo de obra',
      team: 'Equipo',
      photographer: 'Fotografías',
      services: 'Servicios',
    },
    statuses: { completed: 'Terminado', 'under-construction': 'En construcción', 'in-design': 'En diseño' },
    work: { 'new-house': 'Casa nueva', renovation: 'Renovación', garden: 'Jardín', interior: 'Interiores' },
    roles: {
      architect: 'Arquitectura',
      'interior-designer': 'Diseño de interiores',
      'landscape-designer': 'Paisajismo',
      builder: 'Construcción',
      'project-manager': 'Gerencia de proyecto',
      'structural-engineer': 'Ingeniería estructural',
      'civil-engineer': 'Ingeniería civil',
      'mep-engineer': 'Ingeniería mecánica, eléctrica y de plomería',
      'lighting-designer': 'Diseño de iluminación',
      'preservation-consultant': 'Asesoría de preservación histórica',
      'owner-representative': 'Representación del propietario',
    },
    filters: {
      region: 'Región',
      work: 'Tipo de obra',
      allRegions: 'Todas las regiones',
      allWork: 'Todos los tipos de obra',
      showing: (shown: number, total: number) => (shown === total ? `Los ${total} proyectos.` : `${shown} de ${total} proyectos.`),
      none: 'Todavía no tenemos proyectos con estos filtros.',
      unknown: 'No pudimos aplicar el filtro de esta dirección, así que le mostramos todos los proyectos. Elija una región o un tipo de obra más abajo.',
    },
    neighbours: { previous: 'Proyecto anterior', next: 'Proyecto siguiente' },
    enlarge: { close: 'Cerrar', dialog: 'Imagen' },
    showingService: 'Proyectos en los que prestamos este servicio',
  },
  form: {
    responseTime: 'en un plazo de dos días hábiles',
    label: 'Formulario de consulta',
    fields: {
      name: 'Su nombre',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      message: 'Sobre el proyecto',
      location: '¿Dónde está el proyecto?',
      budget: 'Presupuesto de construcción',
      phase: '¿En qué etapa está?',
    },
    hints: {
      name: 'Su nombre y apellido.',
      email: 'Le responderemos a esta dirección. Nunca la compartimos.',
      phone: 'Si prefiere que lo llamemos.',
      message: 'El terreno, la casa, lo que desea construir o cambiar, y para cuándo. Todo lo que nos ayude a entenderlo.',
      location: 'Dónde está el terreno o la casa.',
      budget: 'Para la obra, en dólares. Un rango aproximado es suficiente.',
      phase: 'Si todavía lo está planificando, o si ya tiene planos o permisos.',
    },
    prompts: {
      name: { missing: 'Por favor, díganos su nombre.', tooShort: 'Por favor, escriba su nombre completo' },
      email: { missing: 'Por favor, indíquenos un correo electrónico para responderle.' },
      phone: { missing: 'Por favor, indique un número de teléfono o deje el campo vacío.' },
      message: { missing: 'Por favor, cuéntenos sobre el proyecto.', tooShort: 'Por favor, cuéntenos un poco más sobre el proyecto' },
      location: { missing: 'Por favor, elija dónde está el proyecto.' },
      budget: { missing: 'Por favor, elija un presupuesto de construcción.' },
      phase: { missing: 'Por favor, elija en qué etapa está el proyecto hoy.' },
    },
    problems: {
      tooShort: (prompt: string, limit: number) => `${prompt}: al menos ${limit} caracteres.`,
      writeMore: 'Por favor, escriba un poco más',
      tooLong: (limit: number) => `Por favor, acórtelo a ${limit} caracteres como máximo.`,
      email: 'Ese correo electrónico parece incompleto: debe tener la forma nombre@ejemplo.com.',
      singleLine: 'Por favor, escríbalo en una sola línea, sin tabulaciones ni otros caracteres invisibles.',
      controlCharacters: 'Por favor, quite los caracteres de control invisibles; los saltos de línea sí se permiten.',
      once: 'Por favor, complete este campo una sola vez.',
      check: 'Por favor, revise este campo.',
    },
    summary: 'Por favor, revise lo siguiente',
    errorTitle: 'Error: ',
    rateLimited: (wait: string) => `Se han enviado demasiadas consultas desde esta conexión. Por favor, espere ${wait} y vuelva a enviarla.`,
    seconds: (n: number) => (n === 1 ? '1 segundo' : `${n} segundos`),
    minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minutos`),
    network: 'Su consulta no pudo llegarnos: se perdió la conexión. Por favor, revísela y envíe el formulario de nuevo.',
    unavailable: 'En este momento nuestro buzón no puede recibir consultas. Por favor, inténtelo de nuevo en unos minutos o escríbanos por correo electrónico.',
    failed: 'No se pudo enviar su consulta. Por favor, inténtelo de nuevo o escríbanos por correo electrónico.',
    optional: '(opcional)',
    choose: 'Elija…',
    submit: 'Enviar consulta',
    note: (responseTime: string) => `Los campos sin “(opcional)” son obligatorios. Respondemos cada consulta seria ${responseTime}.`,
    honeypot: 'Deje este campo vacío',
    thanks: {
      reached: 'Su consulta llegó al estudio.',
      who: (responseTime: string) => `Uno de los socios la lee personalmente y le responde ${responseTime}, por correo electrónico, o por teléfono si nos dejó un número.`,
      ask: 'Para preparar una primera conversación, puede pedirle la dirección del terreno, un levantamiento (survey) o fotos de la casa tal como está, los planos que ya tenga y cuándo le gustaría empezar.',
    },
  },
  booking: {
    nav: 'Reservar una consulta',
    // 24-hour clock, as the studio writes times in Spanish ("viernes, 4 de diciembre, 10:00").
    timeLocale: 'es',
    zone: (zone) => `${zone.generic} (${zone.abbreviations})`,
    when: (day, start, end, zone) => `${day}, de ${start} a ${end}, ${zone}`,
    places: { phone: 'Por teléfono', video: 'Por videollamada', studio: 'En el estudio', site: 'En el terreno' },
    page: {
      title: 'Reservar una consulta',
      description: 'Elija un horario para una primera conversación con el estudio: una llamada o una reunión en el estudio.',
      intro: 'La primera conversación no tiene costo ni lo compromete a nada. Elija el tipo de consulta y luego el horario que mejor le convenga.',
      typesHeading: 'Lo que puede reservar',
      minutes: (n) => `${n} minutos`,
      chooseType: (title) => `Ver los horarios de: ${title}`,
      chosenType: 'Sus horarios aparecen más abajo',
      timesHeading: (title) => `Horarios disponibles: ${title}`,
      zoneLine: (zone) => `Los horarios están en ${zone}.`,
      yourTime: 'su hora',
      yourTimeLine: 'Debajo de cada uno, la misma hora donde usted se encuentra.',
      noTimes: 'No hay horarios disponibles en estas dos semanas.',
      weeks: 'Semanas',
      later: 'Horarios posteriores',
      earlier: 'Horarios anteriores',
      pickLegend: 'Elija un horario',
      detailsHeading: 'Sus datos',
      submit: 'Reservar este horario',
      apiNote: (url) => `Los agentes y desarrolladores pueden reservar a través de la API: \`GET ${url}\` lista las consultas y las direcciones de sus horarios disponibles.`,
      fields: {
        name: 'Su nombre',
        email: 'Correo electrónico',
        phone: 'Teléfono',
        message: '¿De qué le gustaría hablar?',
      },
      prompts: {
        start: { missing: 'Por favor, elija uno de los horarios.' },
        name: { missing: 'Por favor, díganos su nombre.', tooShort: 'Por favor, escriba su nombre completo' },
        email: { missing: 'Por favor, indíquenos el correo electrónico al que debemos enviar la invitación.' },
        phone: { missing: 'Por favor, escriba un número de teléfono o deje el campo vacío.' },
        message: { missing: 'Por favor, cuéntenos un poco de qué le gustaría hablar o deje el campo vacío.' },
        inquiry_id: { missing: 'No pudimos vincular su consulta; por favor, reserve de nuevo desde la página de reservas.' },
      },
      phoneHint: 'Para una llamada, el número al que debemos llamarle.',
      optional: '(opcional)',
      problems: (count) => (count === 1 ? 'Por favor, revise el campo marcado abajo.' : `Por favor, revise los ${count} campos marcados abajo.`),
      taken: 'Alguien acaba de reservar ese horario. Estos son los horarios libres más cercanos; sus datos se conservan.',
      takenNone: 'Alguien acaba de reservar ese horario y no hay otro libre cerca. Por favor, elija otro día más abajo.',
      tooMany: 'Este correo electrónico ya tiene el máximo de consultas pendientes que una persona puede reservar. Use el enlace de su invitación para cambiar o cancelar una.',
      rateLimited: (seconds) => `Demasiados intentos de reserva desde esta conexión. Por favor, espere ${seconds < 90 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`} e inténtelo de nuevo.`,
      unavailable: 'En este momento no podemos tomar reservas. Por favor, inténtelo de nuevo en un minuto o escríbanos por correo electrónico.',
      notOffered: 'Por ahora el estudio no ofrece consultas para reservar. Por favor, escríbanos.',
    },
    booked: {
      title: 'Su consulta está reservada',
      description: 'El horario que reservó con el estudio.',
      lead: (title, when) => `${title}, ${when}.`,
      invitation: (email) => `Le enviamos una invitación a ${email}: desde allí puede añadirla a su calendario.`,
      manage: 'Para cambiarla o cancelarla, use su enlace personal aquí abajo. Guárdelo en privado: cualquiera que lo tenga puede modificar la reserva.',
      manageLink: 'Cambiar o cancelar esta consulta',
    },
    manage: {
      title: 'Su consulta',
      description: 'Cambie o cancele una consulta reservada con el estudio.',
      booked: (title, when) => `${title}, ${when}.`,
      cancelled: 'Esta consulta está cancelada. Su horario vuelve a estar disponible.',
      past: 'Esta consulta ya tuvo lugar.',
      moveHeading: 'Cambiarla a otro horario',
      moveSubmit: 'Cambiar a este horario',
      taken: 'Alguien acaba de reservar ese horario. Por favor, elija otro de los horarios libres de abajo.',
      moved: 'Cambiada. Le enviamos una nueva invitación por correo electrónico.',
      cancelHeading: 'Cancelarla',
      cancelAsk: 'Cancelar esta consulta',
      cancelConfirm: '¿Está seguro? Avisaremos al estudio y el horario quedará libre para otras personas.',
      cancelYes: 'Sí, cancelarla',
      cancelNo: 'No, mantenerla',
      cancelledNow: 'Cancelada. Ya avisamos al estudio y le llegará la cancelación a su calendario.',
      bookAgain: 'Reservar otra consulta',
      refused: 'Esa solicitud no vino de este sitio, así que no se cambió nada.',
    },
    offer: {
      heading: 'Conversémoslo',
      text: 'Puede reservar ahora una primera conversación con el estudio; sus datos ya están incluidos.',
      button: 'Reservar una consulta',
    },
  },
  acknowledgement: {
    subject: (studio: string) => `Recibimos su consulta — ${studio}`,
    greeting: 'Hola:',
    received: (studio: string, day: string, time: string) =>
      `Gracias por escribir a ${studio}. Su consulta llegó al estudio el ${day}, a las ${time}, y le responderemos a esta misma dirección.`,
    addMore: (email: string) => `Si desea agregar algo, responda a este correo o escríbanos a ${email} e indique la referencia que aparece abajo.`,
    reference: (id: string) => `Referencia: ${id}`,
    signature: (studio: string, site: string) => `— ${studio}, ${site}`,
    why: (site: string) => `Este mensaje se envió automáticamente porque alguien dejó esta dirección en una consulta enviada a través de ${site}. No repite lo que se escribió en ella. Si usted no envió ninguna consulta, puede ignorarlo.`,
  },
  // For an assistant in a Spanish-speaking visitor's browser: what each tool does on these pages, and its arguments.
  webmcp: {
    tools: {
      list_projects: {
        title: (f) => `Portafolio de ${f.studio}`,
        description: (f) => `Lista los proyectos del portafolio de ${f.studio}: slug, título, ubicación, descripción, alcance, la URL de la página de cada proyecto `
          + 'y sus datos (región, año, estado, superficie en pies y metros cuadrados, tipos de obra, equipo, crédito del fotógrafo, servicios que muestra). '
          + 'Llámela sin argumentos para obtener todos los proyectos. Filtros opcionales: '
          + `"region" (los mismos valores que la ubicación de una consulta: ${f.inquiryValues.location.join(', ')}), `
          + `"work" (un tipo de obra que incluye el proyecto: ${f.workValues.join(', ')}) y `
          + `"location" (texto que debe contener la ubicación del proyecto, sin distinguir mayúsculas de minúsculas, p. ej. "Florida"). ${readLimit(f)}`,
        arguments: (f) => ({
          region: `Filtro opcional: la región del proyecto, uno de ${f.inquiryValues.location.join(', ')}.`,
          work: `Filtro opcional: un tipo de obra que el proyecto incluye, uno de ${f.workValues.join(', ')}.`,
          location: 'Filtro opcional: texto que debe contener la ubicación del proyecto, sin distinguir mayúsculas de minúsculas, p. ej. "Miami".',
        }),
      },
      list_services: {
        title: (f) => `Servicios de ${f.studio}`,
        description: (f) => `Lista los servicios que ofrece ${f.studio}: slug, título, descripción, capacidades y la URL de la página de cada servicio. `
          + `No recibe argumentos. ${readLimit(f)}`,
        arguments: () => ({}),
      },
      submit_inquiry: {
        title: () => 'Enviar una consulta sobre un proyecto',
        description: (f) => `Completa el formulario de contacto de ${f.studio} (la página ${f.contactPage} de este sitio) con una consulta sobre un proyecto, `
          + 'para que el visitante la revise y la envíe: esta herramienta nunca envía nada por sí misma; la consulta llega al estudio solo cuando el visitante '
          + 'pulsa el botón de envío del formulario. Obligatorios: name, email, message (el proyecto: terreno, alcance, plazos), '
          + `location (${f.inquiryValues.location.join(', ')}), budget (${f.inquiryValues.budget.join(', ')}) y phase (${f.inquiryValues.phase.join(', ')}); `
          + 'phone es opcional. Use los datos reales que la persona le dio, con su consentimiento; nunca los invente. '
          + `En ${f.contactPage} completa el formulario y espera al visitante: {"ok": true} cuando ha enviado la consulta; isError con el código "not_sent" `
          + 'si en cambio vació el formulario; isError con el código "invalid_field" y un mensaje por campo (en "fields") de inmediato si un valor no cabe en el formulario. '
          + 'En otra página no completa nada: isError con el código "form_not_on_page" y en "url" la dirección que hay que abrir. '
          + `Como máximo ${f.inquiryLimit.limit} consultas cada ${minutes(f.inquiryLimit)} minutos por cliente, compartidas por todas las formas de enviarlas `
          + '(el sitio web, la API REST, MCP y A2A).',
        arguments: (f) => ({
          name: 'Nombre completo de la persona que consulta.',
          email: 'Correo electrónico al que el estudio responde.',
          phone: 'Teléfono, opcional.',
          message: 'El proyecto: terreno, alcance, plazos, todo lo que ayude. Se conservan los saltos de línea.',
          location: 'Dónde está el proyecto.',
          budget: 'Rango del presupuesto de construcción, en dólares estadounidenses.',
          phase: 'En qué etapa está hoy el proyecto.',
        }),
        schema: 'Una consulta de proyecto para la bandeja de entrada del estudio.',
      },
      list_consultation_slots: {
        title: (f) => `Consultas y horarios libres de ${f.studio}`,
        description: (f) => `Lista las consultas que ofrece ${f.studio}, o los horarios libres de una. Sin "type" responde las consultas que se pueden reservar: `
          + '{"time_zone", "consultations": [{slug, title, duration_minutes, place, description, ...}]}. Con "type" (un slug) responde los horarios libres '
          + 'de ese tipo entre "from" y "to" (días AAAA-MM-DD en la zona horaria del estudio, ambos opcionales: hoy y los '
          + `${f.slotsSpanDays.default} días siguientes si se omiten, como máximo ${f.slotsSpanDays.max} días entre ambos): `
          + '{"type", "time_zone", "from", "to", "slots": [{start, end}]}, cada hora en RFC 3339 con la diferencia horaria del estudio en ese instante '
          + '(cambia con el horario de verano) y "time_zone" la zona IANA del estudio: dígale a la persona la hora en su propia zona si es otra. '
          + readLimit(f),
        arguments: (f) => ({
          type: 'El slug del tipo de consulta. Omítalo para obtener los tipos que se pueden reservar.',
          from: 'Primer día (AAAA-MM-DD, en la zona horaria del estudio); hoy si se omite.',
          to: `Último día, incluido; ${f.slotsSpanDays.default} días después de "from" si se omite, como máximo ${f.slotsSpanDays.max} días después de él.`,
        }),
      },
      book_consultation: {
        title: () => 'Reservar una consulta',
        description: (f) => `Completa el formulario de reserva de ${f.studio} (la página ${f.bookPage} de este sitio) con una consulta, para que el visitante `
          + 'la revise y la reserve: esta herramienta nunca reserva nada por sí misma; la consulta queda reservada solo cuando el visitante pulsa el botón del formulario. '
          + 'Indique "type" y "start" (un inicio de list_consultation_slots, exactamente como aparece), "name", "email" y, si quiere, "phone" y "message". '
          + 'Use los datos reales que la persona le dio, con su consentimiento; nunca los invente. '
          + `En ${f.bookPage} elige el inicio entre los horarios libres de la página y completa los datos, luego espera al visitante: `
          + '{"ok": true, ...la reserva} cuando ha reservado (la página muestra entonces su reserva); isError con el código "not_sent" si en cambio vació el formulario; '
          + 'isError con el código "invalid_field" y un mensaje por campo (en "fields") de inmediato si un valor no cabe en el formulario. '
          + 'Si la página no muestra ese tipo o ese inicio (otra semana, otro tipo), no completa nada: isError con el código "not_on_page" y '
          + 'en "url" la dirección de la página que lo muestra. En otra página: isError con el código "form_not_on_page" y en "url" la dirección que hay que abrir. '
          + `La reserva del visitante cuenta como cualquier otra: ${f.bookingLimit.limit} intentos de reserva cada ${minutes(f.bookingLimit)} minutos por cliente, `
          + `como máximo ${f.maxUpcomingPerAddress} consultas pendientes por correo electrónico.`,
        arguments: (f) => ({
          type: 'El slug del tipo de consulta (list_consultation_slots sin argumentos los lista).',
          start: 'El inicio de uno de los horarios libres, tal como lo da la lista (se acepta cualquier diferencia horaria que indique el mismo instante).',
          name: 'El nombre completo de la persona.',
          email: 'Adónde va la invitación.',
          phone: 'Opcional; necesario para que el estudio llame en una consulta por teléfono.',
          message: 'Opcional: de qué quiere hablar.',
        }),
      },
    },
  },
};
