/** A form that saves one address: the field's value, trimmed, goes to `save`. */
export function UrlForm(props: {
  name: string;
  label: string;
  button: string;
  current: string | null | undefined;
  save: (url: string) => Promise<void>;
}) {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void props.save(String(new FormData(event.currentTarget as HTMLFormElement).get(props.name)).trim());
  };
  return (
    <form onSubmit={submit} class="stacked">
      <label for={props.name}>{props.label}</label>
      <input id={props.name} name={props.name} type="url" required defaultValue={props.current ?? ""} />
      <button type="submit">{props.button}</button>
    </form>
  );
}
