// Request bodies from forms whose controls are named by the JSON field path of the operation's body (`name`,
// `rag.state`, `clock.now`): the form's `data-operation` names the admin operation, and
// test/ui/dashboard-forms.test.ts checks that every field of its request body has a control here.

/** `2030-01-01T09:30` from a datetime-local input, read as UTC like every time the dashboard shows. */
export function utcIso(local) {
  return new Date(`${local.length === 16 ? `${local}:00` : local}Z`).toISOString();
}

function typed(control) {
  const value = control.value.trim();
  if (value === '') return undefined;
  if (control.type === 'number') return Number(value);
  if (control.type === 'datetime-local') return utcIso(value);
  return value;
}

function put(body, path, value) {
  const names = path.split('.');
  const last = names.pop();
  let at = body;
  for (const name of names) at = at[name] ??= {};
  at[last] = value;
}

/**
 * The body the form's enabled, named controls give: empty fields left out, numbers as numbers, datetime-local
 * as UTC times, one checkbox as a boolean, checkboxes sharing a name as the array of those checked; a dotted
 * name nests (`clock.now` → `{clock: {now}}`), and an object with nothing in it is left out.
 */
export function formBody(form) {
  const body = {};
  const controls = [...form.querySelectorAll('input[name], select[name], textarea[name]')].filter(
    (c) => !c.disabled && c.type !== 'submit',
  );
  const boxes = new Map();
  for (const c of controls) if (c.type === 'checkbox') boxes.set(c.name, [...(boxes.get(c.name) ?? []), c]);
  for (const [name, group] of boxes) {
    put(
      body,
      name,
      group.length === 1 ? group[0].checked : group.filter((c) => c.checked).map((c) => c.value),
    );
  }
  for (const c of controls) {
    if (c.type === 'checkbox') continue;
    const value = typed(c);
    if (value !== undefined) put(body, c.name, value);
  }
  return body;
}

/** Every value of a checkbox group checked: the operation's default ("all"), so the field is left out. */
export function allChecked(form, name) {
  return [...form.querySelectorAll(`input[type="checkbox"][name="${name}"]`)].every((c) => c.checked);
}
