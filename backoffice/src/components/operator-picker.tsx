import { useEffect, useState } from "preact/hooks";
import { api, call } from "../api.js";

/** A platform account's choice of the operator it acts for (sent as X-Operator-Id). */
export function OperatorPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    void call(() => api.GET("/backoffice/api/operators")).then(({ data }) => {
      const found = (data ?? []).map((o) => o.id);
      setIds(found);
      if (value === "" && found[0] !== undefined) onChange(found[0]);
    });
  }, []);
  return (
    <label>
      Operator{" "}
      <select value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {ids.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </label>
  );
}
