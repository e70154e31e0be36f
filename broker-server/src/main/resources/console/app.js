// Apogee MQ web console: one page, one view per hash (#overview, #topics, ...), each built from the broker's JSON API.
// Everything from the broker is inserted as text (textContent), never as HTML: message bodies and names are data.
'use strict';

const pages = {};
let leavePage = () => {};

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === 'onclick') node.addEventListener('click', value);
    else if (name === 'onsubmit') node.addEventListener('submit', value);
    else if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function table(id, headers, rows) {
  return el('table', {id},
    el('thead', {}, el('tr', {}, headers.map(h => el('th', {}, h)))),
    el('tbody', {}, rows));
}

function num(value, cls) {
  return el('td', {class: cls ? 'num ' + cls : 'num'}, value === undefined || value === null ? '' : value);
}

function time(millis) {
  return millis ? new Date(millis).toISOString().replace('T', ' ').replace('Z', '') : '';
}

async function api(path, options) {
  const response = await fetch('api/' + path, options);
  const body = await response.json().catch(() => ({error: response.statusText}));
  if (!response.ok) throw new Error(body.error || ('HTTP ' + response.status));
  return body;
}

function showError(error) {
  document.getElementById('error').textContent = error ? String(error.message || error) : '';
}

function jmsLabel(jms) {
  if (!jms) return '';
  return jms.kind + ' ' + jms.name + (jms.clientId ? ' (client ' + jms.clientId + ')' : '');
}

pages.overview = async (main) => {
  const [overview, rates] = await Promise.all([api('overview'), api('rates')]);
  const b = overview.broker;
  const kv = [['Cluster', b.cluster], ['Broker', b.name], ['Role', b.role + ' (brokerId ' + b.brokerId + ')'],
    ['Address', b.address], ['Version', b.version], ['Java', b.java], ['Flush mode', b.flushMode],
    ['Store', b.storePath], ['Writable', b.writable ? 'yes' : 'NO' + (b.fsyncFailure ? ': ' + b.fsyncFailure : '')],
    ['Disk used', b.disk.usedPercent + ' % of ' + (b.disk.totalBytes / 1073741824).toFixed(1)
      + ' GiB (sends refused above ' + b.disk.refuseSendsAbovePercent + ' %)'],
    ['Commit log', b.commitLogMinOffset + ' .. ' + b.commitLogMaxOffset],
    ['Messages in / out', b.messagesIn + ' / ' + b.messagesOut], ['ACL', b.acl ? 'on' : 'off'],
    ['Name servers', overview.namesrv.join(', ')]];
  main.append(el('h2', {}, 'This broker'),
    table('broker-table', ['', ''], kv.map(([k, v]) => el('tr', {'data-key': k}, el('th', {}, k), el('td', {}, v)))));
  main.append(el('h2', {}, 'Brokers of the cluster'));
  if (overview.cluster) {
    main.append(table('cluster-table', ['Cluster', 'Broker', 'Id', 'Role', 'Address'], overview.cluster.map(r =>
      el('tr', {}, el('td', {}, r.cluster), el('td', {}, r.brokerName + (r.self ? ' (this one)' : '')),
        num(r.brokerId), el('td', {}, r.role), el('td', {}, r.address)))));
  } else {
    main.append(el('p', {class: 'muted'}, 'Name servers not reachable: ' + overview.clusterError));
  }
  main.append(el('h2', {}, 'Messages per second (sampled every ' + rates.intervalMillis / 1000 + ' s)'));
  const canvas = el('canvas', {id: 'rates-chart'});
  main.append(el('div', {class: 'chart-box'}, canvas));
  const chart = new Chart(canvas, {
    type: 'line',
    data: {labels: [], datasets: [
      {label: 'in (stored)', data: [], borderColor: '#2f6fdf', tension: 0.2, pointRadius: 0},
      {label: 'out (delivered)', data: [], borderColor: '#12a150', tension: 0.2, pointRadius: 0}]},
    options: {animation: false, maintainAspectRatio: false, scales: {y: {beginAtZero: true}}}
  });
  const plot = (r) => {
    chart.data.labels = r.samples.map(s => new Date(s.t).toLocaleTimeString());
    chart.data.datasets[0].data = r.samples.map(s => s.in);
    chart.data.datasets[1].data = r.samples.map(s => s.out);
    chart.update();
    canvas.dataset.samples = String(r.samples.length);
  };
  plot(rates);
  const timer = setInterval(() => api('rates').then(plot).catch(showError), rates.intervalMillis);
  leavePage = () => { clearInterval(timer); chart.destroy(); };
};

pages.topics = async (main) => {
  const topics = await api('topics');
  const showSystem = el('input', {type: 'checkbox', id: 'show-system'});
  const rows = [];
  for (const t of topics) {
    for (const q of t.queues) {
      rows.push(el('tr', {'data-topic': t.topic, 'data-queue': q.queueId, 'data-kind': t.kind,
          hidden: t.kind === 'SYSTEM' ? '' : null},
        el('td', {}, t.displayName), el('td', {}, t.kind), el('td', {}, t.perm), num(q.queueId),
        num(q.minOffset, 'min'), num(q.maxOffset, 'max'), num(q.maxOffset - q.minOffset)));
    }
  }
  showSystem.addEventListener('change', () => rows.filter(r => r.dataset.kind === 'SYSTEM')
    .forEach(r => { r.hidden = !showSystem.checked; }));
  main.append(el('h2', {}, 'Topics'), el('label', {}, showSystem, ' show system topics'),
    table('topics-table', ['Topic', 'Kind', 'Perm', 'Queue', 'Min offset', 'Max offset', 'Stored'], rows));
};

pages.groups = async (main) => {
  const groups = await api('groups');
  const rows = [];
  for (const g of groups) {
    rows.push(el('tr', {class: 'group', 'data-group': g.group},
      el('th', {colspan: 3}, g.displayName),
      el('td', {colspan: 2}, [jmsLabel(g.jms), g.consumers + ' online ' + g.consumeType].filter(x => x).join(' · ')),
      num(g.lag, 'lag'), num(g.inFlight, 'inflight')));
    for (const t of g.topics) {
      for (const q of t.queues) {
        rows.push(el('tr', {'data-group': g.group, 'data-topic': t.topic, 'data-queue': q.queueId,
            class: q.lag > 0 ? 'lagging' : null},
          el('td', {}, ''), el('td', {}, t.displayName), num(q.queueId), num(q.brokerOffset, 'broker'),
          num(q.consumerOffset, 'consumer'), num(q.lag, 'lag'), num(q.inFlight, 'inflight')));
      }
    }
  }
  main.append(el('h2', {}, 'Consumer groups'),
    el('p', {class: 'muted'}, 'Lag = messages not consumed yet (on a popped queue: not acknowledged); '
      + 'in flight = popped, not acknowledged, still invisible.'),
    table('groups-table', ['Group', 'Topic', 'Queue', 'Broker offset', 'Consumer offset', 'Lag', 'In flight'],
      rows));
};

pages.jms = async (main) => {
  const destinations = await api('jms');
  main.append(el('h2', {}, 'JMS queues and subscriptions'),
    table('jms-table', ['Kind', 'JMS name', 'Client id', 'Consumer group', 'Topic', 'Backlog', 'In flight',
      'Consumers'], destinations.map(d => el('tr', {'data-group': d.group, 'data-name': d.name},
      el('td', {}, d.kind), el('td', {}, d.name), el('td', {}, d.clientId || ''), el('td', {}, d.group),
      el('td', {}, d.topics.map(t => t.displayName).join(', ')), num(d.lag, 'lag'), num(d.inFlight, 'inflight'),
      num(d.consumers)))));
};

function messageBlock(m, extra) {
  const fields = [['Topic', m.displayTopic], ['Queue / offset', m.queueId + ' / ' + m.queueOffset],
    ['Message id', m.msgId || ''], ['Offset message id', m.offsetMsgId], ['Keys', m.keys || ''],
    ['Tags', m.tags || ''], ['Born', time(m.bornTimestamp) + ' from ' + m.bornHost], ['Stored', time(m.storeTimestamp)],
    ['Reconsume times', m.reconsumeTimes], ['Body', m.bodySize + ' bytes' + (m.bodyTruncated ? ', preview' : '')]];
  return el('div', {class: 'message', 'data-msgid': m.msgId || ''},
    table(null, ['Field', 'Value'], fields.map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', {}, v)))),
    table(null, ['Property', 'Value'], Object.entries(m.properties).map(([k, v]) =>
      el('tr', {'data-property': k}, el('td', {}, k), el('td', {}, v)))),
    el('pre', {class: 'body', 'data-encoding': m.bodyEncoding}, m.body), extra || null);
}

pages.messages = async (main) => {
  const id = el('input', {name: 'id', id: 'lookup-id', placeholder: 'message id or offset message id'});
  const key = el('input', {name: 'key', id: 'lookup-key', placeholder: 'message key'});
  const topic = el('input', {name: 'topic', id: 'lookup-topic', placeholder: 'topic (optional)'});
  const results = el('div', {id: 'lookup-results'});
  const search = async (event) => {
    event.preventDefault();
    showError(null);
    results.replaceChildren();
    delete results.dataset.done;
    const params = new URLSearchParams();
    if (id.value.trim()) params.set('id', id.value.trim());
    if (key.value.trim()) params.set('key', key.value.trim());
    if (topic.value.trim()) params.set('topic', topic.value.trim());
    try {
      const found = await api('messages?' + params);
      results.append(el('p', {id: 'lookup-count'}, found.messages.length + ' message(s) found'));
      found.messages.forEach(m => results.append(messageBlock(m)));
    } catch (e) {
      showError(e);
    }
    results.dataset.done = 'true';
  };
  main.append(el('h2', {}, 'Message lookup'),
    el('form', {id: 'lookup-form', onsubmit: search}, id, key, topic, el('button', {type: 'submit'}, 'Search')),
    results);
};

pages.dlq = async (main) => {
  const dlqs = await api('dlq');
  const detail = el('div', {id: 'dlq-messages'});
  const browse = async (topic) => {
    detail.replaceChildren();
    delete detail.dataset.topic;
    const page = await api('dlq/messages?topic=' + encodeURIComponent(topic));
    detail.append(el('h2', {}, 'Messages of ' + topic));
    const rows = page.messages.map(m => {
      const status = el('td', {class: 'status'});
      if (m.resent) {
        status.append('re-sent to ' + m.resent.topic + ' (queue ' + m.resent.queueId + ', offset '
          + m.resent.queueOffset + ')');
      } else if (m.originalTopic) {
        status.append(el('button', {class: 'resend', onclick: async () => {
          try {
            const done = await api('dlq/resend?' + new URLSearchParams({topic, queueId: m.queueId,
              offset: m.queueOffset}), {method: 'POST', headers: {'X-Apogee-Console': 'resend'}});
            status.replaceChildren('re-sent to ' + done.topic + ' (queue ' + done.queueId + ', offset '
              + done.queueOffset + ')');
          } catch (e) {
            showError(e);
          }
        }}, 'Re-send to ' + m.originalTopic));
      }
      return el('tr', {'data-msgid': m.msgId || '', 'data-offset': m.queueOffset},
        num(m.queueOffset), el('td', {}, m.msgId || ''), el('td', {}, m.originalTopic || ''),
        el('td', {}, time(m.storeTimestamp)), num(m.reconsumeTimes),
        el('td', {}, el('pre', {class: 'body'}, m.body)), status);
    });
    detail.append(table('dlq-messages-table', ['Offset', 'Message id', 'Original topic', 'Stored', 'Reconsumed',
      'Body', ''], rows));
    detail.dataset.topic = topic;
  };
  main.append(el('h2', {}, 'Dead-letter queues'),
    table('dlq-table', ['DLQ topic', 'Consumer group', 'JMS', 'Messages', ''], dlqs.map(d =>
      el('tr', {'data-topic': d.topic}, el('td', {}, d.topic), el('td', {}, d.displayGroup),
        el('td', {}, jmsLabel(d.jms)),
        num(d.messages), el('td', {}, el('button', {class: 'browse', onclick: () => browse(d.topic).catch(showError)},
          'Browse'))))),
    detail);
};

pages.connections = async (main) => {
  const c = await api('connections');
  const clientRows = (groups, extra) => groups.flatMap(g => g.clients.map(client =>
    el('tr', {'data-group': g.group, 'data-client': client.clientId}, el('td', {}, g.displayName),
      el('td', {}, client.clientId), el('td', {}, client.address), el('td', {}, client.language + ' ' + client.version),
      el('td', {}, time(client.lastHeartbeat)), extra ? extra(g) : null)));
  main.append(el('h2', {}, 'Producers'),
    table('producers-table', ['Group', 'Client id', 'Address', 'Client', 'Last heartbeat'], clientRows(c.producers)),
    el('h2', {}, 'Consumers'),
    table('consumers-table', ['Group', 'Client id', 'Address', 'Client', 'Last heartbeat', 'Subscriptions'],
      clientRows(c.consumers, g => el('td', {}, Object.entries(g.subscriptions).map(([t, e]) => t + ': ' + e)
        .join('; ') + (g.jms ? ' — ' + jmsLabel(g.jms) : '')))));
};

async function show() {
  const page = (location.hash || '#overview').substring(1);
  const render = pages[page] || pages.overview;
  leavePage();
  leavePage = () => {};
  showError(null);
  delete document.body.dataset.loaded;
  document.querySelectorAll('#nav a').forEach(a => a.classList.toggle('active', a.dataset.page === page));
  const main = document.getElementById('content');
  main.replaceChildren();
  try {
    await render(main);
  } catch (e) {
    showError(e);
  }
  document.body.dataset.loaded = page;
}

window.addEventListener('hashchange', show);
window.addEventListener('DOMContentLoaded', show);
