import { turnstile } from "../contact/contact-services.js";

/** The part of Turnstile's API the form uses (developers.cloudflare.com/turnstile, explicit rendering). */
interface TurnstileApi {
  render(
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; "error-callback": () => void },
  ): string | undefined;
}

let loading: Promise<TurnstileApi> | undefined;

/** Turnstile's script, added once, when the visitor first types in the form. */
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = turnstile.script;
    script.async = true;
    script.onload = () => {
      const api = (window as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error("Turnstile's script ran but did not start"));
    };
    script.onerror = () => reject(new Error("Turnstile's script could not be loaded"));
    document.head.append(script);
  });
  return loading;
}

/** Renders Turnstile's widget into `container`; resolves with the token it gives once it has checked the visitor. */
export function startTurnstile(container: HTMLElement, siteKey: string): Promise<string> {
  return loadTurnstile().then(
    (api) =>
      new Promise<string>((resolve, reject) => {
        api.render(container, {
          sitekey: siteKey,
          callback: resolve,
          "error-callback": () => reject(new Error("Turnstile could not check the visitor")),
        });
      }),
  );
}

/** The token, or a refusal once `ms` have passed without one: a visitor is never left waiting on a widget. */
export function tokenWithin(token: Promise<string>, ms: number): Promise<string> {
  return Promise.race([
    token,
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error("Turnstile gave no token in time")), ms)),
  ]);
}
