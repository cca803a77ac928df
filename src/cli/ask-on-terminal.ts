import type { Asker } from "../init/init-answers.js";

/**
 * Questions on the terminal with @clack/prompts: one line each, the problem shown under the answer
 * until it is valid, and Ctrl-C (or Escape) answering undefined. Loaded only when a question is asked.
 */
export const terminalAsker: Asker = {
  text: async (question) => {
    const { isCancel, text } = await import("@clack/prompts");
    const answer = await text({
      message: question.message,
      placeholder: question.placeholder,
      initialValue: question.initialValue,
      validate: (value) => question.validate(value ?? ""),
    });
    return isCancel(answer) ? undefined : answer;
  },
  choose: async (question) => {
    const { isCancel, select } = await import("@clack/prompts");
    const answer = await select({
      message: question.message,
      options: question.options.map((option) => ({ ...option })),
      initialValue: question.initialValue,
    });
    return isCancel(answer) ? undefined : answer;
  },
};
