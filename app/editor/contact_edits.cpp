// Foot-contact edits on the shown clip (contact_edits.h).
#include "app/editor/contact_edits.h"

#include "app/editor/editor.h"

namespace app {

std::vector<ik::FootContacts>* shown_clip_contacts(Editor& editor) {
  ContactsState& c = editor.document.contacts;
  const int clip = editor.timeline.clip;
  if (!editor.document.has_rig || clip < 0 || clip >= static_cast<int>(c.clips.size())) return nullptr;
  return &c.clips[static_cast<size_t>(clip)];
}

void begin_contact_edit(Editor& editor) { editor.timeline.contacts_before_edit = editor.document.contacts; }

void end_contact_edit(Editor& editor) {
  ContactsState& c = editor.document.contacts;
  const ContactsState& before = editor.timeline.contacts_before_edit;
  const size_t clip = static_cast<size_t>(editor.timeline.clip);
  if (clip >= c.clips.size() || clip >= before.clips.size() || ik::same_contacts(c.clips[clip], before.clips[clip]))
    return;
  c.edited[clip] = 1;
  editor.history.commit_contacts(editor.document.chains, before, c);
}

void set_contact_settings(Editor& editor, const ik::ContactSettings& settings) {
  ContactsState& c = editor.document.contacts;
  if (same_contact_settings(settings, c.settings)) return;
  const ContactsState before = c;
  c.settings = settings;
  redetect_contacts(editor.document.rig, c);
  editor.history.commit_contacts(editor.document.chains, before, c);
}

void detect_shown_clip_again(Editor& editor) {
  ContactsState& c = editor.document.contacts;
  const size_t clip = static_cast<size_t>(editor.timeline.clip);
  if (clip >= c.edited.size() || !c.edited[clip]) return;
  const ContactsState before = c;
  c.edited[clip] = 0;
  redetect_contacts(editor.document.rig, c);
  editor.history.commit_contacts(editor.document.chains, before, c);
}

}  // namespace app
